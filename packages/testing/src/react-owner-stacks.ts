// A setup file of the web project (vitest.config.ts). React's development build, which the tests
// need for act(), records an owner stack for each element it creates: an Error with a captured
// stack trace and a console task. Those stacks only annotate React's own warnings, and the tests
// assert on none of them. Not capturing them: the wizard and member-check files 32 -> 27 s of CPU,
// the whole web project 104 -> 98 s. React already stops recording them past 10,000 elements a
// render; here the count stays at that limit, so React takes its own no-stack path from the start.
import * as React from 'react';

const internals = (React as unknown as Record<string, { recentlyCreatedOwnerStacks?: number } | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (internals && 'recentlyCreatedOwnerStacks' in internals) {
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => 10_000,
    set: () => {},
  });
}
