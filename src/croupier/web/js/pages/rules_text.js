// Translations of the room's rules, by the version the server serves (GET /api/rules): shown
// beside the English text, which is the one a player accepts (POK-1-1). A new version of the
// rules shows only the server's text until it is translated here.
export const RULES_TRANSLATIONS = {
  "2025-1": {
    fr: `Règlement de la salle croupier (version 2025-1)

1. S'inscrire vaut acceptation de ce règlement et du règlement de chaque jeu tel qu'affiché à sa table ou à son tournoi (POK-1-1).
2. Majeurs uniquement : vous confirmez avoir l'âge requis (18 ans ou plus) en vous inscrivant (POK-1-2).
3. Votre identité est enregistrée : votre nom complet et un pseudo, unique dans la salle ; un compte par personne (CAS-3).
4. Argent fictif uniquement : les jetons n'ont aucune valeur hors de la salle. La caisse crédite et paie l'argent fictif ; chaque mouvement est inscrit au grand livre de la salle.
5. Chaque jeu se joue selon le règlement de son préréglage (casino-fr, pokerkings, pokcomm, italian, tda), affiché avec la table ; les décisions du directeur sont sans appel.`,
    it: `Regolamento della sala croupier (versione 2025-1)

1. Registrarsi implica accettare questo regolamento e il regolamento di ogni gioco come esposto al suo tavolo o torneo (POK-1-1).
2. Solo maggiorenni: confermi di avere l'età richiesta (18 anni o più) al momento della registrazione (POK-1-2).
3. La tua identità è registrata: nome e cognome e un nickname, unico nella sala; un conto per persona (CAS-3).
4. Solo denaro virtuale: le fiches non hanno valore fuori dalla sala. La cassa accredita e paga il denaro virtuale; ogni movimento è nel libro contabile della sala.
5. Ogni gioco si gioca secondo il regolamento del suo preset (casino-fr, pokerkings, pokcomm, italian, tda), esposto con il tavolo; le decisioni del direttore sono definitive.`,
  },
};
