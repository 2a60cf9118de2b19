// The console's page, script and styles as text, imported so `bun build --compile` embeds them in the
// binary (no files on disk at run time, no CDN). Bun's types call an .html import an HTMLBundle, but
// `with { type: "text" }` makes it the file's text.
import html from "./console.html" with { type: "text" };
import css from "./console.css" with { type: "text" };
import uiJs from "./console-ui.js" with { type: "text" };
import js from "./console-app.js" with { type: "text" };

export const CONSOLE_HTML: string = html as unknown as string;
export const CONSOLE_CSS: string = css as unknown as string;
export const CONSOLE_UI_JS: string = uiJs;
export const CONSOLE_JS: string = js;
