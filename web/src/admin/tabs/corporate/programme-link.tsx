import { css } from 'styled-system/css';
import { HStack } from 'styled-system/jsx';
import { CopyIcon } from '../../../components/icons';
import { IconButton } from '../../../components/ui/button';
import { copyToClipboard } from '../../lib/clipboard';

/** The full address employees open: this site's origin and the programme's /c/{code}. */
export const programmeUrl = (link: string) => `${window.location.origin}${link}`;

/** A programme's link /c/{code} with a copy button (the full address is copied). */
export function ProgrammeLink({ name, link }: { name: string; link: string }) {
  return (
    <HStack gap="1" flexWrap="nowrap">
      <code className={css({ fontFamily: 'mono', textStyle: 'sm', whiteSpace: 'nowrap' })}>{link}</code>
      <IconButton
        aria-label={`Copy the link of ${name}`}
        variant="ghost"
        size="sm"
        onClick={() =>
          void copyToClipboard(programmeUrl(link), {
            copied: 'Link copied',
            detail: programmeUrl(link),
            failed: 'Could not copy the link to clipboard',
          })
        }
      >
        <CopyIcon />
      </IconButton>
    </HStack>
  );
}
