import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../components/ui/Button';
import * as styles from './BlogExtras.css';

/**
 * The blog's search box: a plain GET form (it works before the script loads), which in the browser
 * goes to the results without reloading the page.
 */
export function SearchBox({
  action,
  initial = '',
  maxLength,
}: {
  action: string;
  initial?: string;
  maxLength: number;
}) {
  const [q, setQ] = useState(initial);
  const [, navigate] = useLocation();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = q.trim();
    navigate(text ? `${action}?q=${encodeURIComponent(text)}` : action);
  };
  return (
    <form role="search" action={action} method="get" className={styles.searchForm} onSubmit={submit}>
      <label htmlFor="blog-search" className="visually-hidden">
        Search the blog
      </label>
      <input
        id="blog-search"
        name="q"
        type="search"
        className={styles.searchInput}
        placeholder="Search posts"
        value={q}
        maxLength={maxLength}
        onChange={(e) => setQ(e.target.value)}
      />
      <Button type="submit" aria-label="Search">
        <Search size={18} aria-hidden="true" /> <span>Search</span>
      </Button>
    </form>
  );
}
