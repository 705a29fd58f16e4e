import { NotFound } from '../components/layouts/NotFound';

// Any path the route table does not know: the server answers it 404 with this page.
export default function NotFoundPage() {
  return <NotFound />;
}
