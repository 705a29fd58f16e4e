import { defaultErrorResponse, errorResponses } from '../../../web/openapi/responses';
import { DATABASE_DOWN, type PathItem } from '../../../web/http/docs-parts';

// POST /api/newsletter/one-click-unsubscribe (newsletter-unsubscribe.ts): RFC 8058.
export const oneClickDocs: Record<string, PathItem> = {
  '/newsletter/one-click-unsubscribe': {
    post: {
      operationId: 'newsletter-oneClickUnsubscribe',
      tags: ['Newsletter'],
      summary: 'One-click unsubscribe (RFC 8058): the List-Unsubscribe address of every newsletter e-mail',
      description:
        'Called by mail providers, with the form body List-Unsubscribe=One-Click (any body, or none, is accepted). ' +
        'No sign-in and no confirmation: the signed token names the subscriber, whose address is deleted at once; ' +
        'no further copy is sent to it, including the rest of a send in progress.',
      security: [],
      parameters: [
        {
          name: 'token',
          in: 'query',
          required: true,
          schema: { type: 'string', minLength: 20, maxLength: 200 },
          example: 'n42.Qm9vZ2llV29vZ2llQm9vZ2llV29vZ2llQm9vZ2llV29v',
        },
      ],
      requestBody: {
        required: false,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } },
            },
            example: { 'List-Unsubscribe': 'One-Click' },
          },
        },
      },
      responses: {
        '200': {
          description: 'Unsubscribed: the address has been deleted',
          content: {
            'text/plain': {
              schema: { type: 'string' },
              example: 'You have been unsubscribed and your address has been deleted. Sorry to see you go!',
            },
          },
        },
        ...errorResponses({
          400: 'The token is missing or malformed',
          404: 'The link has already been used, or the address is no longer on our list',
          413: 'The body is larger than a one-click unsubscribe ever sends',
          429: 'Too many requests from this address; try again later',
          503: DATABASE_DOWN,
        }),
        default: defaultErrorResponse,
      },
    },
  },
};
