// What the rest of the server may use of the workshops domain: booking a place in a session (the
// contact form's reservation) and the next session's free places.
export { bookingMessage, bookWorkshopPlace, type Booking, type BookingRequest } from './reservations';
export { nextSessionPlaces } from './sessions';
