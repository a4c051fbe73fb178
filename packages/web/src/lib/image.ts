/** The address rules live in contracts (the server's HTML shell preloads and paints the event cover with them). */
export { CARD_IMAGE, COVER_IMAGE_WIDTH, imageUrl, cardImage, cardImageId, coverImage, coverImageSize, metaImageId, coverImageId, logoUrl } from '@foyer/contracts/rules';
