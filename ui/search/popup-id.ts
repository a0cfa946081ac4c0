// The search popup's element id, shared by the search box (aria-controls) and the lazily loaded popup.
export const SEARCH_POPUP_ID = 'header-search-popup'
