// What other features may use of the newsletter: the blog admin's 'Send as newsletter' button.
export { SendPostButton } from './admin/SendPostButton';
