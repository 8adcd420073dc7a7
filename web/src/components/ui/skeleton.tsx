import { ark } from '@ark-ui/react/factory';
import type { ComponentProps } from 'react';
import { styled } from 'styled-system/jsx';
import { skeleton } from 'styled-system/recipes';

const StyledSkeleton = styled(ark.div, skeleton);

export type SkeletonProps = ComponentProps<typeof StyledSkeleton>;

/**
 * A pulsing placeholder that keeps the layout while data loads. Decorative (aria-hidden):
 * mark the loading region itself with `aria-busy="true"`.
 *   <Skeleton shape="line" w="40%" />  <Skeleton h="24" />  <Skeleton shape="circle" boxSize="10" />
 */
export function Skeleton(props: SkeletonProps) {
  return <StyledSkeleton aria-hidden="true" data-testid="skeleton" {...props} />;
}
