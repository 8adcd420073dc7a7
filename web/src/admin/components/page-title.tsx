import { css } from 'styled-system/css';

/** A back-office page's name: the document title ("… | Health Screening Admin") and its one h1. */
export function PageTitle({ children }: { children: string }) {
  return (
    <>
      <title>{`${children} | Health Screening Admin`}</title>
      <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>{children}</h1>
    </>
  );
}
