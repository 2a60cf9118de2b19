// console-app.js is browser code served as text (index.ts imports it `with { type: "text" }`).
declare const text: string;
export default text;
