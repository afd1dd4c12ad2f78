// Lets plain `tsc` type-check lazy imports of `.astro` components (astro check covers their insides).
declare module '*.astro' {
  const Component: (props: Record<string, unknown>) => unknown;
  export default Component;
}
