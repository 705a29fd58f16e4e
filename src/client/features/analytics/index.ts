// What the app uses of the visitor figures: counting the page in front of the visitor.
export { countPageView } from './page-view';
