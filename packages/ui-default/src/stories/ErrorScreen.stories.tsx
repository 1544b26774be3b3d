// The default kit's look of the Error screen: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/Error', decorators: [withTheme] };

export { Basic, CustomLayout, Error, Loading } from '../../../ui-unstyled/src/screens/Error/ErrorScreen.stories';
