import classes from './skip-link.module.css';

export interface SkipLinkProps {
  targetId: string;
}

/** Lets keyboard users jump over the header links; it only shows while focused. */
export function SkipLink({ targetId }: SkipLinkProps) {
  return (
    <a href={`#${targetId}`} className={classes.skipLink}>
      Ir para o conteúdo
    </a>
  );
}
