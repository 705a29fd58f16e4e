import { defaultErrorResponse, errorResponses } from '../../../web/openapi/responses';
import { AUDIO_PROXY_RATE_LIMIT } from './audio-proxy';
import {
  binary,
  DATABASE_DOWN,
  partialContent,
  rangeHeaders,
  rangeParam,
  type PathItem,
} from '../../../web/http/docs-parts';

// GET /api/audio-proxy/{id} (audio-proxy.ts): an episode's audio through our own origin.
export const audioProxyDocs: Record<string, PathItem> = {
  '/audio-proxy/{id}': {
    get: {
      operationId: 'podcasts-audio',
      tags: ['Podcasts'],
      summary: "Streams an episode's audio through this site, with Range support for seeking",
      description:
        'Fetches only the stored audioUrl of a known episode, over http or https (our own sample files are served ' +
        'directly). A Range header is forwarded; the answer is 200 with the whole file or 206 with the asked-for ' +
        'bytes, with Content-Type, Content-Length, Content-Range and Accept-Ranges. The body is streamed, not ' +
        'buffered. Only public addresses are fetched, on the first request and on every redirect (at most 5); ' +
        'an address that is loopback, private, link-local, unique-local, CGNAT or cloud metadata gives 502. The ' +
        "answer is always audio: an upstream audio/* type is kept, anything else becomes the file extension's " +
        "audio type (audio/mpeg by default), with nosniff, Content-Security-Policy: default-src 'none'; sandbox " +
        'and Content-Disposition: inline with a plain file name. An audio host that fails gives 502, one that does ' +
        'not answer within PODCAST_PROXY_TIMEOUT_MS (10 s by default) gives 504.',
      security: [],
      parameters: [
        {
          name: 'id',
          in: 'path',
          required: true,
          schema: { type: 'integer', minimum: 1 },
          description: 'Episode id from GET /api/podcasts',
          example: 1,
        },
        rangeParam,
      ],
      responses: {
        '200': {
          description: 'The whole audio file',
          headers: rangeHeaders,
          content: { 'audio/*': { schema: binary('The audio bytes') } },
        },
        '206': partialContent('audio/*'),
        ...errorResponses({
          400: 'The id is not a whole number',
          404: 'No such episode, or it has no playable audio',
          416: 'The range lies outside the file (Content-Range gives its size)',
          429: `More than ${AUDIO_PROXY_RATE_LIMIT.max} requests from one address in ${AUDIO_PROXY_RATE_LIMIT.windowMs / 60_000} minutes; wait Retry-After seconds`,
          502: 'The audio host failed, answered with an error, or is at an address this site does not fetch from',
          503: DATABASE_DOWN,
          504: 'The audio host did not answer in time',
        }),
        default: defaultErrorResponse,
      },
    },
  },
};
