import { defineRecipe } from '@pandacss/dev';
import { surface } from './surface';

/**
 * A plain box on the page: the card's surface without its parts or shadow (the back office's tiles,
 * report charts, order blocks and order cards, queue cards; the home page's event rows). The caller
 * sets its padding and layout.
 */
export const panel = defineRecipe({ className: 'panel', base: surface });
