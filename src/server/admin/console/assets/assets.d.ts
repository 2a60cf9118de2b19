// Stylesheets imported as text (index.ts).
declare module "*.css" {
  const text: string;
  export default text;
}
