import { UpstreamError, ValidationError } from '../../lib/errors.ts';

export interface SttConfig {
  STT_BASE_URL?: string | undefined;
  STT_API_KEY?: string | undefined;
  STT_MODEL: string;
}

const STT_TIMEOUT_MS = 120_000;
export const STT_NOT_CONFIGURED = 'speech-to-text is not configured';
/** What a visitor reads when the provider refused or failed; the provider's own text goes to the server log only. */
export const STT_FAILED = 'Speech-to-text failed. Please try again later.';

/** The provider transcribed the audio and found no words: its work was done (and paid for). */
export class NoSpeechError extends ValidationError {
  constructor() {
    super('No speech was found in this Reel.');
  }
}

/** Fails fast (422) before anything is fetched or stored when no provider is set up. */
export function assertSttConfigured(config: SttConfig): asserts config is SttConfig & { STT_BASE_URL: string } {
  if (!config.STT_BASE_URL) throw new ValidationError(STT_NOT_CONFIGURED);
}

const EXTENSIONS: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
};

/** Sends audio/video to an OpenAI-compatible POST {base}/audio/transcriptions and returns the text. */
export async function transcribeMedia(
  config: SttConfig,
  media: { bytes: Buffer; contentType: string },
): Promise<string> {
  assertSttConfigured(config);
  const form = new FormData();
  const name = `reel.${EXTENSIONS[media.contentType] ?? 'mp4'}`;
  form.set('file', new Blob([new Uint8Array(media.bytes)], { type: media.contentType }), name);
  form.set('model', config.STT_MODEL);
  form.set('response_format', 'json');
  const headers: Record<string, string> = config.STT_API_KEY ? { authorization: `Bearer ${config.STT_API_KEY}` } : {};
  let response: Response;
  try {
    response = await fetch(`${config.STT_BASE_URL.replace(/\/+$/, '')}/audio/transcriptions`, {
      method: 'POST',
      headers,
      body: form,
      signal: AbortSignal.timeout(STT_TIMEOUT_MS),
    });
  } catch (error) {
    console.error('[stt] the provider could not be reached:', error);
    throw new UpstreamError('The speech-to-text service could not be reached.');
  }
  const body = (await response.json().catch(() => null)) as {
    text?: unknown;
    error?: { message?: unknown } | string;
    detail?: unknown;
  } | null;
  if (!response.ok) {
    const reason =
      typeof body?.error === 'string'
        ? body.error
        : typeof body?.error?.message === 'string'
          ? body.error.message
          : typeof body?.detail === 'string'
            ? body.detail
            : `status ${response.status}`;
    // Provider text can quote secrets ("Incorrect API key provided: sk-proj-****…"): it is logged, never answered.
    console.error(`[stt] the provider answered ${response.status}: ${reason}`);
    throw new UpstreamError(STT_FAILED);
  }
  const text = typeof body?.text === 'string' ? body.text.trim() : '';
  if (!text) throw new NoSpeechError();
  return text;
}
