/** Users, seller profiles, categories, gigs and reviews, portfolio projects and testimonials: the public catalogue. Wire names (snake_case). */

export interface UserRecord {
  username: string;
  name: string;
  email: string;
  avatar_url: string;
  country: string;
  created_at: string;
  is_seller: boolean;
}

export interface SellerProfileRecord {
  username: string;
  headline: string;
  level: 'new' | 'level_one' | 'level_two' | 'top_rated';
  languages: string[];
  bio: string;
  skills: string[];
  response_time_hours: number;
  availability: 'available' | 'busy' | 'away';
}

export interface CategoryRecord {
  slug: string;
  name: string;
  parent_slug: string | null;
}

export interface GigRecord {
  slug: string;
  title: string;
  description: string;
  seller_username: string;
  category_slug: string;
  price_from: number;
  currency: 'USD';
  delivery_days: number;
  created_at: string;
}

export interface ReviewRecord {
  id: number;
  gig_slug: string;
  order_uuid: string | null;
  rating: number;
  comment: string;
  reviewer_username: string;
  created_at: string;
}

export interface PortfolioProjectRecord {
  slug: string;
  seller_username: string;
  title: string;
  description: string;
  cover_url: string;
  gig_slug: string | null;
  tags: string[];
  created_at: string;
}

export interface TestimonialRecord {
  id: number;
  seller_username: string;
  author_name: string;
  company: string;
  quote: string;
  status: 'approved' | 'pending' | 'rejected';
  created_at: string;
}
