-- 026: creator (adviser) certification (issue 27; spec 001 §2 /chiefCircle/creator-certification and the
-- /audit flow, §3 'Advisor certificate', §6 advisoryCertification): the applications a reviewer decides,
-- and the identity-card images each applicant uploaded (server/certification/).
CREATE TABLE certification_applications (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  applicant_type text NOT NULL CHECK (applicant_type IN ('person', 'company')),
  real_name text NOT NULL CHECK (char_length(real_name) BETWEEN 1 AND 50),
  company_name text NOT NULL DEFAULT '' CHECK (char_length(company_name) <= 100),
  weixin_id text NOT NULL CHECK (char_length(weixin_id) <= 20),
  id_card_image text NOT NULL CHECK (char_length(id_card_image) <= 200),
  image_id text NOT NULL CHECK (char_length(image_id) <= 100),
  siaqc_number text NOT NULL CHECK (char_length(siaqc_number) <= 14),
  email text NOT NULL CHECK (char_length(email) <= 100),
  other_platform_account_name text NOT NULL DEFAULT '' CHECK (char_length(other_platform_account_name) <= 50),
  personal_profile text NOT NULL CHECK (char_length(personal_profile) <= 500),
  -- reviewing from submission until a reviewer decides; success (certified) or failure (with a reason)
  status text NOT NULL DEFAULT 'reviewing' CHECK (status IN ('reviewing', 'success', 'failure')),
  reject_reason text CHECK (char_length(reject_reason) <= 200),
  reviewer_id integer REFERENCES users (id),
  create_time bigint NOT NULL,
  review_time bigint
);
-- one application under review per person (two submissions at once: one is kept) and one approval ever
CREATE UNIQUE INDEX certification_one_reviewing ON certification_applications (user_id) WHERE status = 'reviewing';
CREATE UNIQUE INDEX certification_one_success ON certification_applications (user_id) WHERE status = 'success';
CREATE INDEX certification_by_status ON certification_applications (status, create_time, id);
CREATE INDEX certification_by_user ON certification_applications (user_id, id);

-- which identity-card image (its storage key, served at /file/<key>) belongs to whom: an application
-- may name only an image its applicant uploaded
CREATE TABLE certification_images (
  image_id text PRIMARY KEY CHECK (char_length(image_id) <= 100),
  user_id integer NOT NULL REFERENCES users (id),
  create_time bigint NOT NULL
);
