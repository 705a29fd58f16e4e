// What other features may use of the contact domain: the enquiry form (the home page frames it).
export { ContactForm } from './ContactForm';
