// Share links: the button that makes one, and the list that copies and revokes them.
export { ShareButton } from './share-button';
