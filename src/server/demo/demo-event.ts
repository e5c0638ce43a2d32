/** The demo event seeded into an empty database: a fictional 2025 awards night in Cameroon. */
export interface DemoCategory {
  slug: string;
  name: string;
  nameFr: string;
  description: string;
  descriptionFr: string;
  icon: string;
  backgroundColor: string;
  /** Categories with a shipped background image (public/demo/categories/{slug}.jpg). */
  hasImage?: boolean;
}

export interface DemoArtist {
  slug: string;
  name: string;
  bio: string;
  bioFr: string;
  featured?: boolean;
  /** Category slugs, optionally with a nomination title [en, fr]. */
  nominations: Array<string | [string, string, string]>;
  /** How popular the artist is with voters in the seeded payments (0 to 1). */
  popularity: number;
}

export const demoCategories: DemoCategory[] = [
  {
    slug: 'artist-of-the-year',
    name: 'Artist of the Year',
    nameFr: "Artiste de l'année",
    description: 'The artist whose music, stage and impact defined 2025.',
    descriptionFr: "L'artiste dont la musique, la scène et l'influence ont marqué 2025.",
    icon: 'fa-solid fa-crown',
    backgroundColor: '#1E1B4B',
    hasImage: true,
  },
  {
    slug: 'best-male-artist',
    name: 'Best Male Artist',
    nameFr: 'Meilleur artiste masculin',
    description: 'Voices and performers who carried the year.',
    descriptionFr: "Les voix et les performeurs qui ont porté l'année.",
    icon: 'fa-solid fa-microphone',
    backgroundColor: '#0F3D3E',
  },
  {
    slug: 'best-female-artist',
    name: 'Best Female Artist',
    nameFr: 'Meilleure artiste féminine',
    description: 'The women who filled stadiums, playlists and hearts.',
    descriptionFr: 'Les femmes qui ont rempli les stades, les playlists et les cœurs.',
    icon: 'fa-solid fa-person-dress',
    backgroundColor: '#6B1D3A',
    hasImage: true,
  },
  {
    slug: 'revelation-of-the-year',
    name: 'Revelation of the Year',
    nameFr: "Révélation de l'année",
    description: 'New names everyone started humming this year.',
    descriptionFr: 'Les nouveaux noms que tout le monde a commencé à fredonner cette année.',
    icon: 'fa-solid fa-star',
    backgroundColor: '#7C2D12',
  },
  {
    slug: 'song-of-the-year',
    name: 'Song of the Year',
    nameFr: "Chanson de l'année",
    description: 'The one song you could not escape in 2025.',
    descriptionFr: "La chanson à laquelle personne n'a échappé en 2025.",
    icon: 'fa-solid fa-music',
    backgroundColor: '#1E3A8A',
    hasImage: true,
  },
  {
    slug: 'best-music-video',
    name: 'Best Music Video',
    nameFr: 'Meilleur clip vidéo',
    description: 'Direction, colour and choreography at their best.',
    descriptionFr: 'La réalisation, la couleur et la chorégraphie à leur sommet.',
    icon: 'fa-solid fa-video',
    backgroundColor: '#312E81',
  },
  {
    slug: 'best-collaboration',
    name: 'Best Collaboration',
    nameFr: 'Meilleure collaboration',
    description: 'When two artists made something neither could alone.',
    descriptionFr: 'Quand deux artistes ont créé ce que ni l’un ni l’autre n’aurait fait seul.',
    icon: 'fa-solid fa-handshake',
    backgroundColor: '#14532D',
  },
  {
    slug: 'best-urban-artist',
    name: 'Best Urban Artist',
    nameFr: 'Meilleur artiste urbain',
    description: 'Afrobeats, rap and mbolé: the sound of the streets.',
    descriptionFr: 'Afrobeats, rap et mbolé : le son de la rue.',
    icon: 'fa-solid fa-fire',
    backgroundColor: '#7F1D1D',
    hasImage: true,
  },
  {
    slug: 'best-traditional-music',
    name: 'Best Traditional Music',
    nameFr: 'Meilleure musique traditionnelle',
    description: 'Makossa, bikutsi, assiko and bend-skin, alive and modern.',
    descriptionFr: 'Makossa, bikutsi, assiko et bend-skin, vivants et modernes.',
    icon: 'fa-solid fa-drum',
    backgroundColor: '#713F12',
  },
  {
    slug: 'best-gospel-artist',
    name: 'Best Gospel Artist',
    nameFr: 'Meilleur artiste gospel',
    description: 'Songs of faith that lifted congregations and charts.',
    descriptionFr: 'Des chants de foi qui ont élevé les assemblées et les classements.',
    icon: 'fa-solid fa-hands-praying',
    backgroundColor: '#134E4A',
  },
  {
    slug: 'best-dj',
    name: 'Best DJ',
    nameFr: 'Meilleur DJ',
    description: 'The selectors who kept Douala and Yaoundé dancing.',
    descriptionFr: 'Les sélecteurs qui ont fait danser Douala et Yaoundé.',
    icon: 'fa-solid fa-headphones',
    backgroundColor: '#3B0764',
  },
  {
    slug: 'best-producer',
    name: 'Best Producer',
    nameFr: 'Meilleur producteur',
    description: 'The beatmakers and engineers behind the hits.',
    descriptionFr: 'Les beatmakers et ingénieurs derrière les tubes.',
    icon: 'fa-solid fa-compact-disc',
    backgroundColor: '#0C4A6E',
  },
];

/** What follows a title in brackets, in each language: who directed it, who sang on it. */
interface TitleNote {
  en: string;
  fr: string;
}
const directed: TitleNote = { en: 'dir.', fr: 'réal.' };
const featuring = (artist: string): TitleNote => ({ en: `with ${artist}`, fr: `avec ${artist}` });

/**
 * A nomination for a song or a video. Its title is a proper name, written the same in both
 * languages (as the bios quote it); only a note after it is translated.
 */
const titled = (category: string, title: string, note?: TitleNote): [string, string, string] => [
  category,
  note ? `${title} (${note.en})` : title,
  note ? `${title} (${note.fr})` : title,
];

export const demoArtists: DemoArtist[] = [
  {
    slug: 'nkem-abena',
    name: 'Nkem Abena',
    featured: true,
    popularity: 0.95,
    bio: 'Douala-born singer whose album "Sawa Lights" topped charts from Lagos to Libreville.',
    bioFr:
      "Chanteuse née à Douala dont l'album «\u00a0Sawa Lights\u00a0» a dominé les classements de Lagos à Libreville.",
    nominations: [
      'artist-of-the-year',
      'best-female-artist',
      titled('song-of-the-year', 'Sawa Lights'),
    ],
  },
  {
    slug: 'tchami-jr',
    name: 'Tchami Jr',
    featured: true,
    popularity: 0.9,
    bio: 'Rapper and storyteller from Bonabéri, known for sharp verses in Camfranglais.',
    bioFr: 'Rappeur et conteur de Bonabéri, connu pour ses couplets tranchants en camfranglais.',
    nominations: ['artist-of-the-year', 'best-male-artist', 'best-urban-artist'],
  },
  {
    slug: 'mariama-eyenga',
    name: 'Mariama Eyenga',
    popularity: 0.7,
    bio: 'Bikutsi revivalist blending balafon with modern production.',
    bioFr: 'Figure du renouveau bikutsi, mêlant le balafon à une production moderne.',
    nominations: ['best-female-artist', 'best-traditional-music'],
  },
  {
    slug: 'lionel-mbappe-kotto',
    name: 'Lionel Kotto',
    popularity: 0.6,
    bio: 'Velvet-voiced makossa crooner carrying on the Douala tradition.',
    bioFr: 'Crooner makossa à la voix de velours, héritier de la tradition de Douala.',
    nominations: ['best-male-artist', titled('best-traditional-music', 'Mboa Blues')],
  },
  {
    slug: 'zara-nguema',
    name: 'Zara Nguema',
    popularity: 0.85,
    bio: 'Afropop hitmaker whose dance challenges went viral across the continent.',
    bioFr: 'Faiseuse de tubes afropop dont les défis de danse ont fait le tour du continent.',
    nominations: [
      'best-female-artist',
      titled('best-music-video', 'Wahala Dance'),
      'best-urban-artist',
    ],
  },
  {
    slug: 'petit-moussa',
    name: 'Petit Moussa',
    popularity: 0.5,
    bio: 'Seventeen-year-old prodigy from Garoua with a debut EP recorded on a phone.',
    bioFr:
      'Prodige de dix-sept ans originaire de Garoua, au premier EP enregistré sur un téléphone.',
    nominations: ['revelation-of-the-year'],
  },
  {
    slug: 'ama-fotso',
    name: 'Ama Fotso',
    popularity: 0.65,
    bio: 'Soul singer from Bafoussam, praised for her live band and fearless ballads.',
    bioFr: 'Chanteuse soul de Bafoussam, saluée pour son groupe live et ses ballades audacieuses.',
    nominations: ['revelation-of-the-year', titled('song-of-the-year', 'Mother Tongue')],
  },
  {
    slug: 'dj-kribi-wave',
    name: 'DJ Kribi Wave',
    popularity: 0.55,
    bio: 'Beach-party selector whose Sunday sets became a coastal ritual.',
    bioFr: 'Sélecteur des fêtes de plage dont les sets du dimanche sont devenus un rituel côtier.',
    nominations: ['best-dj'],
  },
  {
    slug: 'samuel-ekane',
    name: 'Samuel Ekane',
    popularity: 0.45,
    bio: 'Gospel choir director turned solo artist with a stadium-sized voice.',
    bioFr: 'Chef de chœur gospel devenu artiste solo, à la voix taillée pour les stades.',
    nominations: ['best-gospel-artist', 'best-male-artist'],
  },
  {
    slug: 'grace-manga',
    name: 'Grace Manga',
    popularity: 0.6,
    bio: 'Worship leader whose hymns are sung in churches from Buea to Bertoua.',
    bioFr: 'Leader de louange dont les cantiques résonnent dans les églises de Buea à Bertoua.',
    nominations: ['best-gospel-artist'],
  },
  {
    slug: 'kofi-ndongo',
    name: 'Kofi Ndongo',
    popularity: 0.4,
    bio: 'Producer behind three of the year’s top ten singles.',
    bioFr: "Producteur de trois des dix meilleurs singles de l'année.",
    nominations: ['best-producer'],
  },
  {
    slug: 'beatmaster-yannick',
    name: 'Beatmaster Yannick',
    popularity: 0.35,
    bio: 'Self-taught beatmaker from Yaoundé, mixing mbolé drums with trap.',
    bioFr: 'Beatmaker autodidacte de Yaoundé, qui mêle les percussions mbolé à la trap.',
    nominations: ['best-producer', 'best-dj'],
  },
  {
    slug: 'sandrine-bella',
    name: 'Sandrine Bella',
    popularity: 0.75,
    bio: 'R&B singer and songwriter, one half of the year’s biggest duet.',
    bioFr: "Chanteuse et autrice R&B, moitié du plus grand duo de l'année.",
    nominations: [
      'best-female-artist',
      titled('best-collaboration', 'Nous Deux', featuring('Tchami Jr')),
    ],
  },
  {
    slug: 'the-lion-brothers',
    name: 'The Lion Brothers',
    popularity: 0.5,
    bio: 'Twin rappers from Limbe with bilingual hooks and a loyal fan base.',
    bioFr: 'Jumeaux rappeurs de Limbe aux refrains bilingues et au public fidèle.',
    nominations: ['best-urban-artist', titled('best-collaboration', 'Two Flags')],
  },
  {
    slug: 'mama-ekwe',
    name: 'Mama Ekwe',
    popularity: 0.3,
    bio: 'Assiko guitarist and keeper of Bassa rhythms for four decades.',
    bioFr: 'Guitariste assiko et gardienne des rythmes bassa depuis quatre décennies.',
    nominations: ['best-traditional-music'],
  },
  {
    slug: 'junior-ateba',
    name: 'Junior Ateba',
    popularity: 0.55,
    bio: 'Dancer-turned-singer whose videos are choreographed with street crews.',
    bioFr: 'Danseur devenu chanteur, dont les clips sont chorégraphiés avec les crews de rue.',
    nominations: ['revelation-of-the-year', titled('best-music-video', 'Ndolo')],
  },
  {
    slug: 'clarisse-mbarga',
    name: 'Clarisse Mbarga',
    popularity: 0.4,
    bio: 'Jazz-influenced vocalist and pianist from Kribi.',
    bioFr: 'Chanteuse et pianiste aux influences jazz, originaire de Kribi.',
    nominations: ['best-female-artist'],
  },
  {
    slug: 'mc-bamenda',
    name: 'MC Bamenda',
    popularity: 0.45,
    bio: 'Pidgin rap pioneer with a message of unity.',
    bioFr: "Pionnier du rap en pidgin, porteur d'un message d'unité.",
    nominations: ['best-urban-artist', 'best-male-artist'],
  },
  {
    slug: 'dj-sahel',
    name: 'DJ Sahel',
    popularity: 0.35,
    bio: 'Northern Cameroon’s favourite club DJ, blending Fulani melodies with house.',
    bioFr: 'Le DJ de club préféré du Nord-Cameroun, qui marie mélodies peules et house.',
    nominations: ['best-dj'],
  },
  {
    slug: 'esther-kamga',
    name: 'Esther Kamga',
    popularity: 0.5,
    bio: 'Gospel-soul singer whose single “Light” crossed over to secular radio.',
    bioFr:
      'Chanteuse gospel-soul dont le single «\u00a0Light\u00a0» a conquis les radios généralistes.',
    nominations: ['best-gospel-artist', titled('song-of-the-year', 'Light')],
  },
  {
    slug: 'koko-vibes',
    name: 'Koko Vibes',
    popularity: 0.6,
    bio: 'Afrobeats duo from Douala with a string of summer anthems.',
    bioFr: "Duo afrobeats de Douala, enchaînant les hymnes de l'été.",
    nominations: [titled('best-collaboration', 'Mami Wata'), 'best-urban-artist'],
  },
  {
    slug: 'aristide-nkoulou',
    name: 'Aristide Nkoulou',
    popularity: 0.3,
    bio: 'Film director turned music-video auteur.',
    bioFr: 'Réalisateur de cinéma devenu auteur de clips.',
    nominations: [titled('best-music-video', 'Sawa Lights', directed)],
  },
  {
    slug: 'fanta-diallo',
    name: 'Fanta Diallo',
    popularity: 0.55,
    bio: 'Singer-songwriter with a guitar, a notebook and a million streams.',
    bioFr: "Autrice-compositrice avec une guitare, un carnet et un million d'écoutes.",
    nominations: ['revelation-of-the-year', 'best-female-artist'],
  },
  {
    slug: 'papa-wemba-junior',
    name: 'Rodrigue Essomba',
    popularity: 0.35,
    bio: 'Rumba and makossa bandleader, twenty musicians strong.',
    bioFr: "Chef d'orchestre rumba et makossa, à la tête de vingt musiciens.",
    nominations: ['best-traditional-music', 'best-male-artist'],
  },
  {
    slug: 'nadia-etoundi',
    name: 'Nadia Etoundi',
    popularity: 0.45,
    bio: 'Electronic producer and DJ pushing Afro-house to new audiences.',
    bioFr: "Productrice électronique et DJ qui fait découvrir l'afro-house à de nouveaux publics.",
    nominations: ['best-dj', 'best-producer'],
  },
  {
    slug: 'bright-tabi',
    name: 'Bright Tabi',
    popularity: 0.4,
    bio: 'Anglophone soul singer known for his acoustic street sessions.',
    bioFr: 'Chanteur soul anglophone connu pour ses sessions acoustiques de rue.',
    nominations: ['best-male-artist', titled('song-of-the-year', 'Come Home')],
  },
  {
    slug: 'les-voix-du-centre',
    name: 'Les Voix du Centre',
    popularity: 0.3,
    bio: 'A cappella group reviving Beti choral songs.',
    bioFr: 'Groupe a cappella qui fait revivre les chants choraux beti.',
    nominations: ['best-gospel-artist', 'best-traditional-music'],
  },
  {
    slug: 'yvan-black',
    name: 'Yvan Black',
    popularity: 0.5,
    bio: 'Drill artist from Yaoundé’s Mokolo district.',
    bioFr: 'Artiste drill du quartier Mokolo à Yaoundé.',
    nominations: ['best-urban-artist', 'revelation-of-the-year'],
  },
  {
    slug: 'awa-sidibe',
    name: 'Awa Sidibé',
    popularity: 0.45,
    bio: 'Visual artist and director of the year’s most talked-about videos.',
    bioFr: "Artiste visuelle et réalisatrice des clips les plus commentés de l'année.",
    nominations: [titled('best-music-video', 'Mother Tongue', directed)],
  },
  {
    slug: 'eric-ndem',
    name: 'Eric Ndem',
    popularity: 0.35,
    bio: 'Mixing engineer and producer trusted by the biggest names.',
    bioFr: 'Ingénieur du son et producteur à qui les plus grands font confiance.',
    nominations: ['best-producer'],
  },
  {
    slug: 'celine-abanda',
    name: 'Céline Abanda',
    popularity: 0.4,
    bio: 'Zouk and Afro-R&B singer with a devoted following in the diaspora.',
    bioFr: 'Chanteuse zouk et afro-R&B très suivie par la diaspora.',
    nominations: [
      titled('best-collaboration', 'Mon Pays', featuring('Bright Tabi')),
      'best-female-artist',
    ],
  },
  {
    slug: 'manu-dibongue',
    name: 'Manu Dibongue',
    popularity: 0.65,
    bio: 'Saxophonist and bandleader celebrating fifty years of makossa.',
    bioFr: 'Saxophoniste et chef d’orchestre qui célèbre cinquante ans de makossa.',
    nominations: ['artist-of-the-year', 'best-traditional-music'],
  },
];
