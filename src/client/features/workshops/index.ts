// What other features may use of the workshops domain: the next session's facts and the form that
// reserves a place (the academy page frames them).
export { WorkshopFacts } from './WorkshopFacts';
export { WorkshopForm } from './WorkshopForm';
