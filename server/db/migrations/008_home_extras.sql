-- 008: reading 'docs' part — home extras: sub-channels, banners, ad slots, featured heads (spec 000 §7, §9).
-- Pictures of banners, ads and featured heads are generated SVG served by the server (/ad-art/{kind}/{id}.svg).

CREATE TABLE sub_channels (
  id integer PRIMARY KEY,
  parent_type text NOT NULL,
  type text NOT NULL UNIQUE,
  name text NOT NULL,
  sort integer NOT NULL DEFAULT 0
);
CREATE INDEX sub_channels_parent_idx ON sub_channels (parent_type, sort);

-- channel_type 'home' is the home page's carousel
CREATE TABLE banners (
  id integer PRIMARY KEY,
  channel_type text NOT NULL,
  title text NOT NULL,
  link text NOT NULL,
  sort integer NOT NULL DEFAULT 0
);
CREATE INDEX banners_channel_idx ON banners (channel_type, sort);

-- position: the ad slot (23 is the site-wide slot of spec §9); show_type: where /adapi/ad/web shows it (1 home page)
CREATE TABLE ads (
  id integer PRIMARY KEY,
  position integer NOT NULL,
  show_type integer NOT NULL,
  title text NOT NULL,
  brief text NOT NULL DEFAULT '',
  advertiser text NOT NULL,
  link text NOT NULL,
  sort integer NOT NULL DEFAULT 0
);
CREATE INDEX ads_position_idx ON ads (position, sort);
CREATE INDEX ads_show_type_idx ON ads (show_type, sort);

CREATE TABLE featured_heads (
  id integer PRIMARY KEY,
  title text NOT NULL,
  brief text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0
);

-- articles of a featured head; selected marks the editors' selected content list
CREATE TABLE featured_contents (
  head_id integer NOT NULL REFERENCES featured_heads (id) ON DELETE CASCADE,
  article_id integer NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  sort integer NOT NULL DEFAULT 0,
  selected boolean NOT NULL DEFAULT false,
  PRIMARY KEY (head_id, article_id)
);
CREATE INDEX featured_contents_selected_idx ON featured_contents (selected, sort);
