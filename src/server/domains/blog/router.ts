import { router } from '../../web/trpc/init';
import { postAdminProcedures } from './posts-router';
import { publicBlogProcedures } from './public-router';
import { revisionProcedures } from './revisions-router';
import { reviewProcedures } from './review-router';
import { tagAdminProcedures } from './tags-router';

// The blog's one namespace (blog.*), merged from its parts by what they do. The order is the wire's:
// the REST router takes the first path that matches, and the OpenAPI document lists the paths in it.
export const blogRouter = router({
  ...publicBlogProcedures,
  ...postAdminProcedures,
  ...revisionProcedures,
  ...tagAdminProcedures,
  ...reviewProcedures,
});
