/**
 * One plain sentence per flow for docs/flows/README.md, keyed by machine id. Written for
 * readers who do not read code (product owners): what the user sees, not how it is built.
 * A machine missing here falls back to its root `description`, then to a sentence made from
 * its states (see `flowSummary` in ./index-doc.ts) — so a new machine never breaks the docs,
 * but a sentence written here reads better.
 */
export const flowSummaries: Readonly<Record<string, string>> = {
  attestation:
    'The qualified-investor certification: real-name check, the risk questionnaire, then the result with asset-allocation advice.',
  articleEditor:
    'Writing a long article: type text, place stocks, links (checked by the link dialog) and uploaded images, save it as a draft and reopen it later, preview it, and publish it; a refusal shows the reason.',
  bindMerge:
    'After a WeChat login, the user binds a phone number, and when that phone already has an account chooses which account to keep and merges them.',
  cdKey: 'Exchanging a coupon code on the coupon page: type the code, press 兑换, and see the coupon it gives or why it was refused.',
  chartPeriod:
    'The stock chart: which period and price adjustment is chosen, and whether the chart is loading, shown or failed.',
  chatLifecycle:
    'Starting the chat: get a signature, connect and log in to the messaging service, load the conversations, and ask for a page refresh when the connection is lost.',
  discussionDialog:
    'Writing a discussion post from the header: log in first, type, add up to 9 images (each uploads with a progress bar and can be cancelled), a topic and stocks, choose a risk category when asked, then see it published and under review, or the reason it was refused.',
  detail: 'Loading one article or flash by its id, with a not-found page and a retry after other failures.',
  langToggle:
    'The header language switch between simplified and traditional Chinese: a short wait so a double click cancels, then the page reloads in the other language.',
  livePoll: 'The live page checks for new flashes every half minute while it is open and shows them above the list.',
  loginDialog:
    'The login dialog: phone code or password login, resetting a password, WeChat QR login and binding a phone afterwards.',
  orderDialog:
    'Buying a product: confirm the order, pick a coupon, sign the agreements, pay by WeChat QR or gurucoin, and certify as a qualified investor first when needed.',
  pagedList: 'A list that loads more items page by page as the reader scrolls (home feed, news, live flashes).',
  qrPayment:
    'Paying by WeChat QR code: a 300-second countdown while the payment is checked every 5 seconds, with a refresh link when the code expires.',
  recharge:
    'Topping up 格隆贝 (gurucoin): choose an amount (the one that covers the purchase is offered first), pay its WeChat QR code, then see the new balance and go back to the purchase.',
  share:
    'Sharing a post, a news item or an article: log in first, get the share link of its public page, copy it (copied, or copy it by hand when the browser refuses), scan its QR code or open the page.',
  session:
    'Who is signed in: checking the login on start, then the user\'s profile, certification, membership, coin balance and follows until logout.',
  searchBox:
    'The header search box: rotating hot words in the placeholder, and a popup with results while the user types.',
  sendCode:
    'The "send code" button: sends an SMS code, asks for the slider check when the server wants it, then counts down 60 seconds before it can be sent again.',
  wechatReturn:
    'Coming back from the WeChat QR login: exchange the code, accept the user agreement, then either bind a phone or reload the page signed in.',
}
