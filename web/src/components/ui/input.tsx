import { ark } from '@ark-ui/react/factory';
import type { ComponentProps } from 'react';
import { styled } from 'styled-system/jsx';
import { input } from 'styled-system/recipes';

/** A bare styled input. Inside a form field prefer `Field.Input`, which wires label, ids and aria-invalid. */
export const Input = styled(ark.input, input);
export type InputProps = ComponentProps<typeof Input>;
