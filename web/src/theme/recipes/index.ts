import { badge } from './badge';
import { button } from './button';
import { card } from './card';
import { checkbox } from './checkbox';
import { dialog } from './dialog';
import { drawer } from './drawer';
import { field } from './field';
import { input } from './input';
import { menu } from './menu';
import { panel } from './panel';
import { skeleton } from './skeleton';
import { spinner } from './spinner';
import { switchRecipe } from './switch';
import { table } from './table';
import { tabs } from './tabs';
import { toast } from './toast';

export const recipes = { badge, button, input, panel, spinner, skeleton };
export const slotRecipes = {
  card,
  checkbox,
  dialog,
  drawer,
  field,
  menu,
  switchRecipe,
  table,
  tabs,
  toast,
};
