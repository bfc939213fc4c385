import { SEARCH_TEXT_MAX } from '@shop/shared';
import { type Ref, useState } from 'react';
import { useMatch, useNavigate, useSearchParams } from 'react-router';
import { SearchIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { searchCopy as copy } from '../copy';

/** The navbar's 'Search parts' box: Enter opens /search for the text. On the search page it shows the text searched. */
export function SearchBox({ className = '', inputRef }: { className?: string; inputRef?: Ref<HTMLInputElement> }) {
  const [params] = useSearchParams();
  const onSearchPage = useMatch(paths.search.path) !== null;
  const searched = onSearchPage ? (params.get('q') ?? '') : '';
  // A new search in the address (Back, a link) starts the box afresh from it.
  return <SearchForm key={searched} searched={searched} className={className} inputRef={inputRef} />;
}

function SearchForm({ searched, className, inputRef }: { searched: string; className: string; inputRef: Ref<HTMLInputElement> | undefined }) {
  const navigate = useNavigate();
  const [text, setText] = useState(searched);
  return (
    <form
      role="search"
      // Without JavaScript the browser sends the box to /search itself.
      method="get"
      action={paths.search.path}
      className={`join ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        void navigate(paths.search.getHref({ q: text.trim() }));
      }}
    >
      <input
        ref={inputRef}
        type="search"
        name="q"
        aria-label={copy.box}
        placeholder={copy.box}
        maxLength={SEARCH_TEXT_MAX}
        enterKeyHint="search"
        autoComplete="off"
        className="input join-item w-full min-w-0"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="btn join-item btn-square" aria-label={copy.submit}>
        <SearchIcon className="size-5" />
      </button>
    </form>
  );
}
