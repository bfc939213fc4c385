import type { PartArt } from './illustrations.js';

export interface DemoProduct {
  name: string;
  description: string;
  priceCents: number;
  /** Units in stock. */
  quantity: number;
  /** Minimum order quantity; below it the part shows as out of stock. */
  minimum: number;
  visual: PartArt['visual'];
  accent: string;
  variant?: number;
}

/**
 * The demo catalogue, listed in this order (six per page). The out-of-stock items sit at
 * positions 7, 16 and 25, so the first page is all buyable and each later case is on its own page.
 */
export const demoProducts: readonly DemoProduct[] = [
  {
    name: 'Sintered Front Brake Pads (Pair)',
    description:
      'Sintered copper-alloy compound with strong wet and dry bite. Fits twin-piston sliding front calipers on most 250-650 cc road bikes.',
    priceCents: 2899,
    quantity: 140,
    minimum: 2,
    visual: 'brake-pad',
    accent: '#d64533',
  },
  {
    name: 'Floating Front Brake Disc 310 mm',
    description:
      'Stainless steel rotor on an anodised aluminium carrier with ten floating buttons. 5 mm thick, 5-bolt mount, sold singly.',
    priceCents: 11900,
    quantity: 36,
    minimum: 1,
    visual: 'disc',
    accent: '#2f74c9',
  },
  {
    name: 'O-Ring Drive Chain 520 x 120 Links',
    description:
      'Heavy-duty 520 pitch chain with O-ring sealed pins for long life on 250-750 cc bikes. Gold side plates, supplied with a rivet-type master link.',
    priceCents: 5450,
    quantity: 80,
    minimum: 1,
    visual: 'chain',
    accent: '#c9a227',
  },
  {
    name: 'Steel Rear Sprocket 520, 42 Teeth',
    description:
      'Hardened C45 steel rear sprocket with lightening holes, 520 pitch, 42 teeth. Check your bolt pattern: 6 x 10.5 mm holes on a 132 mm circle.',
    priceCents: 3290,
    quantity: 64,
    minimum: 1,
    visual: 'sprocket',
    accent: '#3a9a5b',
  },
  {
    name: 'Iridium Spark Plug, 10 mm Thread',
    description:
      'Fine-wire iridium centre electrode for a quick cold start and steady idle. 10 mm thread, 19 mm reach, 16 mm hex; gap preset at 0.8 mm.',
    priceCents: 1299,
    quantity: 400,
    minimum: 4,
    visual: 'spark-plug',
    accent: '#e07a2f',
  },
  {
    name: 'Spin-On Oil Filter, 65 mm',
    description:
      'Full-flow paper element with anti-drain-back valve and a nut on the can for easy removal. 65 mm diameter, M20 x 1.5 thread; change every service.',
    priceCents: 899,
    quantity: 260,
    minimum: 2,
    visual: 'oil-filter',
    accent: '#c0392b',
  },
  {
    name: 'High-Flow Panel Air Filter',
    description:
      'Pleated, washable panel filter in a moulded urethane frame. Drops straight into the stock airbox of popular 600 cc four-cylinder sport bikes.',
    priceCents: 3450,
    quantity: 45,
    minimum: 1,
    visual: 'air-filter',
    accent: '#2c6db5',
  },
  {
    name: 'Clutch Friction Plate Kit, 8 Plates',
    description:
      'Cork-based friction plates matched to stock steels for a smooth take-up. Eight plates for wet multi-plate clutches on 600 cc inline fours.',
    priceCents: 8900,
    quantity: 3,
    minimum: 5,
    visual: 'clutch',
    accent: '#2e9e6b',
  },
  {
    name: 'Chain and Sprocket Kit 525, 16/45 Teeth',
    description:
      'X-ring 525 chain (118 links), 16-tooth front and 45-tooth rear steel sprockets, cut to length. Everything you need for a complete drive refresh.',
    priceCents: 15900,
    quantity: 22,
    minimum: 1,
    visual: 'chain-kit',
    accent: '#c9a227',
    variant: 1,
  },
  {
    name: 'Inline Fuel Filter, 6 mm Hose',
    description:
      'Clear-bodied inline filter with a 30 micron paper element, so you can see dirt build up. Barbed ends for 6 mm (1/4 in) fuel line; flow arrow marked.',
    priceCents: 649,
    quantity: 320,
    minimum: 5,
    visual: 'fuel-filter',
    accent: '#d9a21b',
  },
  {
    name: 'Clutch Cable with Inline Adjuster, 1150 mm',
    description:
      'PTFE-lined clutch cable with a stainless inner wire and inline adjuster for a light lever feel. 1150 mm outer length; barrel nipples both ends.',
    priceCents: 1899,
    quantity: 70,
    minimum: 1,
    visual: 'cable',
    accent: '#8e44ad',
  },
  {
    name: 'Push-Pull Throttle Cable Set',
    description:
      'Pair of open and close throttle cables with threaded adjusters, made to stock length. Lined outers keep the twist grip snapping back cleanly.',
    priceCents: 2450,
    quantity: 55,
    minimum: 1,
    visual: 'cable',
    accent: '#d64533',
    variant: 1,
  },
  {
    name: 'Forged Piston Kit with Rings, 67 mm',
    description:
      'Forged aluminium piston with a moly-coated skirt, ring set, wrist pin and clips. 67.00 mm standard bore for 250 cc singles; measure before ordering.',
    priceCents: 16900,
    quantity: 18,
    minimum: 1,
    visual: 'piston',
    accent: '#e07a2f',
  },
  {
    name: 'Stainless Intake Valve, 5.5 mm Stem',
    description:
      'Hardened stainless intake valve with a chromed stem, 31 mm head and 5.5 mm stem. Lap into the seat and check clearance after fitting.',
    priceCents: 2299,
    quantity: 90,
    minimum: 2,
    visual: 'valve',
    accent: '#7b8794',
  },
  {
    name: 'Heat-Resistant Exhaust Valve, 5.5 mm Stem',
    description:
      'Exhaust valve in nickel-chrome alloy that keeps its shape at high temperature. 26 mm head, 5.5 mm stem; sold singly, order one per port.',
    priceCents: 2599,
    quantity: 84,
    minimum: 2,
    visual: 'valve',
    accent: '#8e44ad',
    variant: 1,
  },
  {
    name: 'Multi-Layer Steel Head Gasket, 67 mm Bore',
    description:
      'Three-layer MLS head gasket with embossed fire ring and coated faces for a reliable seal. 67 mm bore, 0.6 mm compressed thickness.',
    priceCents: 3150,
    quantity: 40,
    minimum: 1,
    visual: 'gasket',
    accent: '#2f74c9',
  },
  {
    name: 'Sealed Wheel Bearing 6204-2RS (Pair)',
    description:
      'Deep-groove ball bearings with rubber seals on both sides, pre-greased. 20 x 47 x 14 mm; fits front and rear hubs on many 125-600 cc bikes.',
    priceCents: 1599,
    quantity: 4,
    minimum: 10,
    visual: 'bearing',
    accent: '#d64533',
  },
  {
    name: 'Tapered Steering Head Bearing Kit',
    description:
      'Tapered roller bearings, races and dust seals to replace notchy ball-type head bearings. Gives a smoother, more precise feel at low speed.',
    priceCents: 4290,
    quantity: 30,
    minimum: 1,
    visual: 'bearing',
    accent: '#c9a227',
    variant: 1,
  },
  {
    name: 'Silicone Radiator Hose Kit, 3 Pieces',
    description:
      'Four-ply reinforced silicone hoses shaped to replace the stock rubber ones, with stainless clamps. Resists heat cracking; rated to 180 C.',
    priceCents: 6900,
    quantity: 25,
    minimum: 1,
    visual: 'hose',
    accent: '#2c6db5',
  },
  {
    name: 'Ready-Mixed Coolant, 1 L',
    description:
      'Silicate-free ethylene glycol coolant, pre-mixed 50/50 and safe for aluminium engines. Protects to -37 C; no distilled water needed.',
    priceCents: 1190,
    quantity: 150,
    minimum: 2,
    visual: 'bottle',
    accent: '#27a35a',
  },
  {
    name: 'Wax-Pellet Thermostat, 82 C',
    description:
      'Opens at 82 C and is fully open at 95 C, keeping the engine at working heat in town traffic. Brass body with a fitted rubber seal ring.',
    priceCents: 2790,
    quantity: 48,
    minimum: 1,
    visual: 'thermostat',
    accent: '#2a2f36',
  },
  {
    name: 'Fork Oil Seal and Dust Seal Set, 41 mm',
    description:
      'Double-lip oil seals with a steel spring plus matching dust wipers for both legs of 41 x 54 x 11 mm forks. Replace when oil weeps down the tubes.',
    priceCents: 2490,
    quantity: 66,
    minimum: 1,
    visual: 'fork-seal',
    accent: '#b8322a',
  },
  {
    name: 'DOT 4 Brake Fluid, 500 ml',
    description:
      'Glycol-based DOT 4 fluid with a 265 C dry boiling point for hydraulic brakes and clutches. Flush every two years; never mix with DOT 5 silicone.',
    priceCents: 1150,
    quantity: 180,
    minimum: 2,
    visual: 'bottle',
    accent: '#d9a21b',
    variant: 1,
  },
  {
    name: 'AGM Maintenance-Free Battery 12 V, 8 Ah',
    description:
      'Sealed AGM battery, factory activated and ready to fit. 12 V, 8 Ah, 135 A cold cranking; 150 x 87 x 105 mm with terminals positive left.',
    priceCents: 8990,
    quantity: 28,
    minimum: 1,
    visual: 'battery',
    accent: '#2f74c9',
  },
  {
    name: 'Folding Brake and Clutch Lever Pair',
    description:
      'CNC-machined aluminium levers with six-position span adjusters and a folding tip that survives a tip-over. Anodised gold, sold as a pair.',
    priceCents: 4990,
    quantity: 42,
    minimum: 1,
    visual: 'lever',
    accent: '#c9a227',
  },
  {
    name: 'Round Bar-End Mirror Pair',
    description:
      'Convex glass mirrors on adjustable aluminium arms that mount in the handlebar ends. Fits bars with a 13-18 mm inner diameter; sold as a pair.',
    priceCents: 5490,
    quantity: 2,
    minimum: 4,
    visual: 'mirror',
    accent: '#2e9e6b',
  },
  {
    name: 'Organic Rear Brake Pads (Pair)',
    description:
      'Quiet, low-dust organic compound that is kind to rear discs. Fits single-piston sliding rear calipers on most 125-600 cc commuters and tourers.',
    priceCents: 2190,
    quantity: 120,
    minimum: 2,
    visual: 'brake-pad',
    accent: '#4a5361',
    variant: 1,
  },
  {
    name: 'Wave Rear Brake Disc 240 mm',
    description:
      'Petal-edged stainless rear disc that sheds heat and pad dust quickly. 240 mm, 4.5 mm thick, 5-bolt mount; fit new pads at the same time.',
    priceCents: 7900,
    quantity: 20,
    minimum: 1,
    visual: 'disc',
    accent: '#e07a2f',
    variant: 1,
  },
  {
    name: 'Semi-Synthetic Engine Oil 10W-40, 4 L',
    description:
      'JASO MA2 semi-synthetic four-stroke oil, safe for wet clutches and shared gearboxes. 4 L is one change for most 600-1000 cc engines.',
    priceCents: 4490,
    quantity: 90,
    minimum: 1,
    visual: 'bottle',
    accent: '#d9822b',
  },
  {
    name: 'Chain Lube Spray, 400 ml',
    description:
      'Tacky, fling-resistant lube safe for O-, X- and Z-ring chains. Spray on the inner run of a warm chain after cleaning, every 500 km or after rain.',
    priceCents: 1490,
    quantity: 200,
    minimum: 3,
    visual: 'spray',
    accent: '#8e44ad',
  },
];
