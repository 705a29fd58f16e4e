// What other features may use of the home page: its section frame (the podcasts section sits on it).
export { Section } from './Section';
