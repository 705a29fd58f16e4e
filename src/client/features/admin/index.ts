export { AdminScreen } from './AdminScreen';
