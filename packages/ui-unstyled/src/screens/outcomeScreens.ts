// The lazy chunk of the screens any product can end on (login success, error), in one download.
export { ErrorScreen } from './Error/ErrorScreen';
export { LoginSuccessScreen } from './LoginSuccess/LoginSuccessScreen';
