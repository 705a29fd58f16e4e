// What other features may use of the home page: its section frame (the podcasts section sits on it).
export { Section } from './Section';
// The services' icons by name, for the admin's list of services.
export { serviceIcon } from './AdvertisingSection';
