import logoUrl from '../assets/logo.svg';

export interface LogoProps {
  size?: number;
}

/** Decorative: the short name `CCA` always sits next to it and carries the meaning. */
export function Logo({ size = 32 }: LogoProps) {
  return <img src={logoUrl} alt="" width={size} height={size} style={{ display: 'block' }} />;
}
