/** The largest JSON body Fastify reads (uploads stream their files and have their own limit). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
