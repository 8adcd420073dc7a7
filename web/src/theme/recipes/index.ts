import { button } from './button';
import { card } from './card';
import { dialog } from './dialog';
import { drawer } from './drawer';
import { field } from './field';
import { input } from './input';
import { skeleton } from './skeleton';
import { spinner } from './spinner';
import { toast } from './toast';

export const recipes = { button, input, spinner, skeleton };
export const slotRecipes = { card, dialog, drawer, field, toast };
