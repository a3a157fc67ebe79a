import type { Config } from '../../config.ts';

type ImagesConfig = Pick<Config, 'IMAGES_BASE_URL' | 'IMAGES_API_KEY' | 'IMAGES_MODEL' | 'AI_TIMEOUT_MS'>;

/** An images server that failed; the run retries the node. */
export class ImagesError extends Error {}

/** True when an OpenAI-compatible images server is configured. */
export function imagesConfigured(config: ImagesConfig): boolean {
  return Boolean(config.IMAGES_BASE_URL && config.IMAGES_MODEL);
}

/** One image from an OpenAI-compatible POST /images/generations (b64_json), as bytes and content type. */
export async function generateImage(
  config: ImagesConfig,
  prompt: string,
): Promise<{ bytes: Buffer; contentType: string }> {
  const base = (config.IMAGES_BASE_URL ?? '').replace(/\/+$/, '');
  const response = await fetch(`${base}/images/generations`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(config.IMAGES_API_KEY ? { authorization: `Bearer ${config.IMAGES_API_KEY}` } : {}),
    },
    body: JSON.stringify({ model: config.IMAGES_MODEL, prompt, n: 1, size: '1536x1024', response_format: 'b64_json' }),
    signal: AbortSignal.timeout(config.AI_TIMEOUT_MS),
  });
  if (!response.ok) throw new ImagesError(`The images server answered ${response.status}.`);
  const body = (await response.json()) as { data?: { b64_json?: string }[] };
  const encoded = body.data?.[0]?.b64_json;
  if (!encoded) throw new ImagesError('The images server returned no image.');
  const bytes = Buffer.from(encoded, 'base64');
  const contentType =
    bytes.subarray(0, 4).toString('hex') === '89504e47' ? 'image/png' : bytes[0] === 0xff ? 'image/jpeg' : 'image/webp';
  return { bytes, contentType };
}
