// The default kit's look of the Main screen: the unstyled examples inside `.lk-Root` with the stylesheet.
import { withTheme } from './withTheme';

export default { title: 'Default/Main', decorators: [withTheme] };

export { Basic, CustomLayout, Error, Loading } from '../../../ui-unstyled/src/screens/Main/MainScreen.stories';
