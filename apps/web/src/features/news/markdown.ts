import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';

/**
 * News in Markdown, the safe subset: paragraphs and line breaks, emphasis, links (and bare URLs),
 * lists, inline code and code blocks. Raw HTML is never parsed (html: false: it shows as text),
 * headings, images and tables are left as typed, and markdown-it refuses javascript:, vbscript:
 * and data: links. DOMPurify then keeps only the tags and attributes this subset makes, so a
 * slip in either library still cannot bring markup or script onto the page.
 */
const markdown = new MarkdownIt('zero', { html: false, linkify: true, breaks: true })
  .enable(['paragraph', 'newline', 'emphasis', 'link', 'linkify', 'list', 'backticks', 'code', 'fence', 'escape', 'entity', 'text_join']);

const ALLOWED_TAGS = ['p', 'br', 'em', 'strong', 'a', 'ul', 'ol', 'li', 'code', 'pre'];
const ALLOWED_ATTR = ['href', 'start'];
const SAFE_HREF = /^(https?:|mailto:|\/(?!\/)|#)/i;

let hooked = false;

/** Links leave the site in a new tab, telling it nothing; anything but web, mail and site links loses its href. */
function hookLinks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (!SAFE_HREF.test(href)) node.removeAttribute('href');
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  });
}

/** A news post's text as sanitised HTML, for an element's innerHTML. */
export function renderNews(text: string): string {
  hookLinks();
  return DOMPurify.sanitize(markdown.render(text), { ALLOWED_TAGS, ALLOWED_ATTR: [...ALLOWED_ATTR, 'target', 'rel'] });
}
