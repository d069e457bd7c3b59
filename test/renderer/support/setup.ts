// Every renderer test file: Testing Library's waits (waitFor, findBy…) give up after 5 s, not 1 s.
// They poll a condition until it holds, so a quick machine pays nothing; a loaded one (the whole
// suite on two cores) no longer fails a test whose first render alone took over a second.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
