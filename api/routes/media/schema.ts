import { z } from 'zod';

export const mediaIdParam = z.object({ id: z.string() });

/** GET /media/{id} answers the bytes themselves (image/svg+xml, image/png, ...), not JSON. */
export const mediaResponse = z.string().describe('The media bytes with their content type');
