// Any path the route table does not know: the server answers it 404 with this page.
export { NotFound as default } from '../components/layouts/NotFound';
