// The page's words in the seven languages of the cards: picked from the
// browser's languages, switchable, remembered. Elements carry their key in
// data-i18n (text), data-i18n-title, data-i18n-aria. Moves, FENs and the
// engine's own messages (as the CLI prints them) are not translated.

const KEY = 'iccf-ui-lang';

export const LANGS = {
  en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español', it: 'Italiano', cs: 'Čeština', ru: 'Русский',
};

const TEXT = {
  en: {
    pasteLang: 'Letters of the moves', pasteLangAuto: 'found per game',
    language: 'Language', tagline: 'ICCF numeric notation',
    noToken: 'This address has no token: open the address iccf serve printed (it ends in ?token=…).',
    remote: 'This page listens on {bind}: other computers on the network can open it.',
    board: 'Board', start: 'Start', back: 'Back', forward: 'Forward', end: 'End',
    flip: 'Flip', flipTitle: 'Flip the board (f)', coords: 'Algebraic squares',
    coordsTitle: 'Show algebraic square names instead of numeric', newGame: 'New game',
    undo: 'Undo', undoTitle: 'Undo the last change (Ctrl+Z)', deleteHere: 'Delete from here',
    deleteTitle: 'Delete this move and all after it', promoteLine: 'Promote variation',
    promoteTitle: 'Make this variation the main line', svgTitle: 'Download the board as SVG',
    pngTitle: 'Download the board as PNG', move: 'Move', promoteTo: 'Promote:', queen: '1 Queen',
    rook: '2 Rook', bishop: '3 Bishop', knight: '4 Knight', fenSet: 'Set up',
    fenSetTitle: 'Set up this position (Enter)', copy: 'Copy', besideNumeric: 'Beside numeric',
    letters: 'Letters', no: 'No.', numeric: 'Numeric', treeHead: 'Moves and variations',
    paste: 'Paste a game',
    pasteHint: 'PGN, a numeric record, algebraic in any of 36 languages, or a received message; or open a file (or drop it on the page).',
    saveFile: 'Save as PGN', saveFileTitle: 'Save the game, variations and comments included, as PGN',
    load: 'Load', export: 'Export', as: 'As', oneLine: 'one line of moves', in: 'in',
    lettersLower: 'letters', save: 'Save', desk: 'Correspondence desk',
    deskHint: 'Your game file (kept by iccf card / iccf check); nothing is stored on the server.',
    deskHintFolder: 'Your game file (kept by iccf card / iccf check); nothing is stored on the server but the games folder\'s files, when you write them back.',
    wePlay: 'We play', asFile: 'as the file says', White: 'White', Black: 'Black', open: 'Open',
    theirMessage: 'Their message', check: 'Check', apply: 'record their move when in order',
    ourMessage: 'Our message', ourMove: 'Our move', wordsIn: 'Words in', recordAlso: 'Record also in',
    numericOnly: 'numeric only', figurines: 'figurines', lan: 'long algebraic', offer: 'offer a draw',
    accept: 'accept a draw', resign: 'resign', compose: 'Compose', copyMessage: 'Copy message',
    saveGame: 'Save game file', writeFolder: 'Write to the folder', gamesIn: 'Games in',
    refresh: 'Refresh', file: 'File', game: 'Game', opponent: 'Opponent', toMoveHead: 'To move',
    ours: 'Ours', theirs: 'Theirs', daysUsed: 'Days used', deadline: 'Deadline', alerts: 'Alerts',
    keys: 'Keys: digits enter a move ({5254}), {Enter} sends algebraic, {←} {→} step, {Home} {End}, {f} flips, {Esc} clears.',
    toMove: '{number} {side} to move', white: 'white', black: 'black', inCheck: ', in check',
    checkmate: 'checkmate: {side} wins', draw: 'draw: {why}', claim: '; a draw may be claimed ({why})',
    stalemate: 'stalemate', 'insufficient material': 'insufficient material',
    'fivefold repetition': 'fivefold repetition', '75-move rule': '75-move rule',
    'threefold repetition': 'threefold repetition', '50-move rule': '50-move rule',
    newVariation: ': a new variation', deleted: 'deleted (Undo brings it back)',
    promoted: 'variation promoted', alreadyMain: 'this is the main line already',
    nothingToDelete: 'no move to delete here', undone: 'undone', copied: 'copied',
    setUp: 'position set up', savedAs: 'saved as {name}',
    folderSummary: '{games} games, {ours} waiting for our move',
  },
  de: {
    pasteLang: 'Buchstaben der Züge', pasteLangAuto: 'je Partie erkannt',
    language: 'Sprache', tagline: 'ICCF-Ziffernnotation',
    noToken: 'Diese Adresse hat kein Token: Öffnen Sie die Adresse, die iccf serve ausgegeben hat (sie endet auf ?token=…).',
    remote: 'Diese Seite lauscht auf {bind}: andere Rechner im Netz können sie öffnen.',
    board: 'Brett', start: 'Anfang', back: 'Zurück', forward: 'Vor', end: 'Ende',
    flip: 'Drehen', flipTitle: 'Brett drehen (f)', coords: 'Algebraische Felder',
    coordsTitle: 'Algebraische statt numerische Feldnamen zeigen', newGame: 'Neue Partie',
    undo: 'Rückgängig', undoTitle: 'Letzte Änderung rückgängig machen (Strg+Z)', deleteHere: 'Ab hier löschen',
    deleteTitle: 'Diesen Zug und alle folgenden löschen', promoteLine: 'Variante hochstufen',
    promoteTitle: 'Diese Variante zur Hauptvariante machen', svgTitle: 'Brett als SVG herunterladen',
    pngTitle: 'Brett als PNG herunterladen', move: 'Zug', promoteTo: 'Umwandeln:', queen: '1 Dame',
    rook: '2 Turm', bishop: '3 Läufer', knight: '4 Springer', fenSet: 'Aufstellen',
    fenSetTitle: 'Diese Stellung aufstellen (Eingabe)', copy: 'Kopieren', besideNumeric: 'Neben numerisch',
    letters: 'Buchstaben', no: 'Nr.', numeric: 'Numerisch', treeHead: 'Züge und Varianten',
    paste: 'Partie einfügen',
    pasteHint: 'PGN, eine numerische Notation, algebraisch in einer von 36 Sprachen oder eine erhaltene Nachricht; oder eine Datei öffnen (oder auf die Seite ziehen).',
    saveFile: 'Als PGN speichern', saveFileTitle: 'Die Partie samt Varianten und Kommentaren als PGN speichern',
    load: 'Laden', export: 'Exportieren', as: 'Als', oneLine: 'eine Zeile Züge', in: 'in',
    lettersLower: 'Buchstaben', save: 'Speichern', desk: 'Fernschach-Schreibtisch',
    deskHint: 'Ihre Partiedatei (geführt von iccf card / iccf check); auf dem Server wird nichts gespeichert.',
    deskHintFolder: 'Ihre Partiedatei (geführt von iccf card / iccf check); auf dem Server wird nichts gespeichert außer den Dateien des Partienordners, wenn Sie sie zurückschreiben.',
    wePlay: 'Wir spielen', asFile: 'wie in der Datei', White: 'Weiß', Black: 'Schwarz', open: 'Öffnen',
    theirMessage: 'Ihre Nachricht an uns', check: 'Prüfen', apply: 'ihren Zug eintragen, wenn alles stimmt',
    ourMessage: 'Unsere Nachricht', ourMove: 'Unser Zug', wordsIn: 'Worte auf', recordAlso: 'Notation auch in',
    numericOnly: 'nur numerisch', figurines: 'Figurinen', lan: 'lang-algebraisch', offer: 'Remis anbieten',
    accept: 'Remis annehmen', resign: 'aufgeben', compose: 'Verfassen', copyMessage: 'Nachricht kopieren',
    saveGame: 'Partiedatei speichern', writeFolder: 'In den Ordner schreiben', gamesIn: 'Partien in',
    refresh: 'Aktualisieren', file: 'Datei', game: 'Partie', opponent: 'Gegner', toMoveHead: 'Am Zug',
    ours: 'Unser letzter', theirs: 'Ihr letzter', daysUsed: 'Verbrauchte Tage', deadline: 'Frist', alerts: 'Hinweise',
    keys: 'Tasten: Ziffern geben einen Zug ein ({5254}), {Enter} sendet algebraisch, {←} {→} blättern, {Home} {End}, {f} dreht, {Esc} löscht.',
    toMove: '{number} {side} am Zug', white: 'Weiß', black: 'Schwarz', inCheck: ', im Schach',
    checkmate: 'Schachmatt: {side} gewinnt', draw: 'Remis: {why}', claim: '; Remis kann beansprucht werden ({why})',
    stalemate: 'Patt', 'insufficient material': 'ungenügendes Material',
    'fivefold repetition': 'fünffache Stellungswiederholung', '75-move rule': '75-Züge-Regel',
    'threefold repetition': 'dreifache Stellungswiederholung', '50-move rule': '50-Züge-Regel',
    newVariation: ': eine neue Variante', deleted: 'gelöscht (Rückgängig holt es zurück)',
    promoted: 'Variante hochgestuft', alreadyMain: 'das ist schon die Hauptvariante',
    nothingToDelete: 'hier gibt es keinen Zug zu löschen', undone: 'rückgängig gemacht', copied: 'kopiert',
    setUp: 'Stellung aufgestellt', savedAs: 'gespeichert als {name}',
    folderSummary: '{games} Partien, {ours} warten auf unseren Zug',
  },
  fr: {
    pasteLang: 'Lettres des coups', pasteLangAuto: 'trouvées par partie',
    language: 'Langue', tagline: 'notation numérique ICCF',
    noToken: 'Cette adresse n’a pas de jeton : ouvrez l’adresse affichée par iccf serve (elle se termine par ?token=…).',
    remote: 'Cette page écoute sur {bind} : d’autres ordinateurs du réseau peuvent l’ouvrir.',
    board: 'Échiquier', start: 'Début', back: 'Reculer', forward: 'Avancer', end: 'Fin',
    flip: 'Retourner', flipTitle: 'Retourner l’échiquier (f)', coords: 'Cases algébriques',
    coordsTitle: 'Afficher les noms algébriques des cases au lieu des numéros', newGame: 'Nouvelle partie',
    undo: 'Annuler', undoTitle: 'Annuler la dernière modification (Ctrl+Z)', deleteHere: 'Supprimer à partir d’ici',
    deleteTitle: 'Supprimer ce coup et tous les suivants', promoteLine: 'Promouvoir la variante',
    promoteTitle: 'Faire de cette variante la ligne principale', svgTitle: 'Télécharger l’échiquier en SVG',
    pngTitle: 'Télécharger l’échiquier en PNG', move: 'Coup', promoteTo: 'Promotion :', queen: '1 Dame',
    rook: '2 Tour', bishop: '3 Fou', knight: '4 Cavalier', fenSet: 'Placer',
    fenSetTitle: 'Placer cette position (Entrée)', copy: 'Copier', besideNumeric: 'À côté du numérique',
    letters: 'Lettres', no: 'N°', numeric: 'Numérique', treeHead: 'Coups et variantes',
    paste: 'Coller une partie',
    pasteHint: 'PGN, une notation numérique, l’algébrique dans l’une des 36 langues, ou un message reçu ; ou ouvrez un fichier (ou déposez-le sur la page).',
    saveFile: 'Enregistrer en PGN', saveFileTitle: 'Enregistrer la partie, variantes et commentaires compris, en PGN',
    load: 'Charger', export: 'Exporter', as: 'En', oneLine: 'une ligne de coups', in: 'en',
    lettersLower: 'lettres', save: 'Enregistrer', desk: 'Bureau de correspondance',
    deskHint: 'Votre fichier de partie (tenu par iccf card / iccf check) ; rien n’est gardé sur le serveur.',
    deskHintFolder: 'Votre fichier de partie (tenu par iccf card / iccf check) ; rien n’est gardé sur le serveur, sauf les fichiers du dossier de parties quand vous les réécrivez.',
    wePlay: 'Nous jouons', asFile: 'selon le fichier', White: 'Blancs', Black: 'Noirs', open: 'Ouvrir',
    theirMessage: 'Leur message', check: 'Vérifier', apply: 'enregistrer leur coup si tout est en ordre',
    ourMessage: 'Notre message', ourMove: 'Notre coup', wordsIn: 'Mots en', recordAlso: 'Notation aussi en',
    numericOnly: 'numérique seulement', figurines: 'figurines', lan: 'algébrique longue', offer: 'proposer la nulle',
    accept: 'accepter la nulle', resign: 'abandonner', compose: 'Rédiger', copyMessage: 'Copier le message',
    saveGame: 'Enregistrer le fichier de partie', writeFolder: 'Écrire dans le dossier', gamesIn: 'Parties dans',
    refresh: 'Actualiser', file: 'Fichier', game: 'Partie', opponent: 'Adversaire', toMoveHead: 'Au trait',
    ours: 'Notre dernier', theirs: 'Leur dernier', daysUsed: 'Jours utilisés', deadline: 'Échéance', alerts: 'Alertes',
    keys: 'Touches : les chiffres saisissent un coup ({5254}), {Enter} envoie l’algébrique, {←} {→} avancent et reculent, {Home} {End}, {f} retourne, {Esc} efface.',
    toMove: '{number} aux {side} de jouer', white: 'blancs', black: 'noirs', inCheck: ', en échec',
    checkmate: 'échec et mat : les {side} gagnent', draw: 'nulle : {why}', claim: ' ; la nulle peut être réclamée ({why})',
    stalemate: 'pat', 'insufficient material': 'matériel insuffisant',
    'fivefold repetition': 'quintuple répétition', '75-move rule': 'règle des 75 coups',
    'threefold repetition': 'triple répétition', '50-move rule': 'règle des 50 coups',
    newVariation: ' : une nouvelle variante', deleted: 'supprimé (Annuler le rétablit)',
    promoted: 'variante promue', alreadyMain: 'c’est déjà la ligne principale',
    nothingToDelete: 'aucun coup à supprimer ici', undone: 'annulé', copied: 'copié',
    setUp: 'position placée', savedAs: 'enregistré sous {name}',
    folderSummary: '{games} parties, {ours} attendent notre coup',
  },
  es: {
    pasteLang: 'Letras de las jugadas', pasteLangAuto: 'según cada partida',
    language: 'Idioma', tagline: 'notación numérica ICCF',
    noToken: 'Esta dirección no tiene token: abra la dirección que mostró iccf serve (termina en ?token=…).',
    remote: 'Esta página escucha en {bind}: otros ordenadores de la red pueden abrirla.',
    board: 'Tablero', start: 'Inicio', back: 'Atrás', forward: 'Adelante', end: 'Final',
    flip: 'Girar', flipTitle: 'Girar el tablero (f)', coords: 'Casillas algebraicas',
    coordsTitle: 'Mostrar los nombres algebraicos de las casillas en vez de los números', newGame: 'Nueva partida',
    undo: 'Deshacer', undoTitle: 'Deshacer el último cambio (Ctrl+Z)', deleteHere: 'Borrar desde aquí',
    deleteTitle: 'Borrar esta jugada y todas las siguientes', promoteLine: 'Promover variante',
    promoteTitle: 'Hacer de esta variante la línea principal', svgTitle: 'Descargar el tablero como SVG',
    pngTitle: 'Descargar el tablero como PNG', move: 'Jugada', promoteTo: 'Coronar:', queen: '1 Dama',
    rook: '2 Torre', bishop: '3 Alfil', knight: '4 Caballo', fenSet: 'Colocar',
    fenSetTitle: 'Colocar esta posición (Intro)', copy: 'Copiar', besideNumeric: 'Junto a la numérica',
    letters: 'Letras', no: 'N.º', numeric: 'Numérica', treeHead: 'Jugadas y variantes',
    paste: 'Pegar una partida',
    pasteHint: 'PGN, una notación numérica, algebraica en cualquiera de 36 idiomas o un mensaje recibido; o abra un archivo (o suéltelo en la página).',
    saveFile: 'Guardar como PGN', saveFileTitle: 'Guardar la partida, con variantes y comentarios, como PGN',
    load: 'Cargar', export: 'Exportar', as: 'Como', oneLine: 'una línea de jugadas', in: 'en',
    lettersLower: 'letras', save: 'Guardar', desk: 'Mesa de correspondencia',
    deskHint: 'Su archivo de partida (llevado por iccf card / iccf check); nada se guarda en el servidor.',
    deskHintFolder: 'Su archivo de partida (llevado por iccf card / iccf check); nada se guarda en el servidor salvo los archivos de la carpeta de partidas, cuando los escribe.',
    wePlay: 'Jugamos con', asFile: 'según el archivo', White: 'Blancas', Black: 'Negras', open: 'Abrir',
    theirMessage: 'Su mensaje', check: 'Comprobar', apply: 'anotar su jugada si todo está en orden',
    ourMessage: 'Nuestro mensaje', ourMove: 'Nuestra jugada', wordsIn: 'Palabras en', recordAlso: 'Anotar también en',
    numericOnly: 'solo numérica', figurines: 'figurines', lan: 'algebraica larga', offer: 'ofrecer tablas',
    accept: 'aceptar tablas', resign: 'abandonar', compose: 'Redactar', copyMessage: 'Copiar el mensaje',
    saveGame: 'Guardar el archivo de partida', writeFolder: 'Escribir en la carpeta', gamesIn: 'Partidas en',
    refresh: 'Actualizar', file: 'Archivo', game: 'Partida', opponent: 'Rival', toMoveHead: 'Turno',
    ours: 'Nuestra última', theirs: 'Su última', daysUsed: 'Días usados', deadline: 'Plazo', alerts: 'Avisos',
    keys: 'Teclas: las cifras introducen una jugada ({5254}), {Enter} envía algebraica, {←} {→} avanzan y retroceden, {Home} {End}, {f} gira, {Esc} borra.',
    toMove: '{number} juegan {side}', white: 'blancas', black: 'negras', inCheck: ', en jaque',
    checkmate: 'jaque mate: ganan las {side}', draw: 'tablas: {why}', claim: '; se pueden reclamar tablas ({why})',
    stalemate: 'ahogado', 'insufficient material': 'material insuficiente',
    'fivefold repetition': 'quíntuple repetición', '75-move rule': 'regla de los 75 movimientos',
    'threefold repetition': 'triple repetición', '50-move rule': 'regla de los 50 movimientos',
    newVariation: ': una nueva variante', deleted: 'borrado (Deshacer lo recupera)',
    promoted: 'variante promovida', alreadyMain: 'esta ya es la línea principal',
    nothingToDelete: 'aquí no hay jugada que borrar', undone: 'deshecho', copied: 'copiado',
    setUp: 'posición colocada', savedAs: 'guardado como {name}',
    folderSummary: '{games} partidas, {ours} esperan nuestra jugada',
  },
  it: {
    pasteLang: 'Lettere delle mosse', pasteLangAuto: 'trovate per partita',
    language: 'Lingua', tagline: 'notazione numerica ICCF',
    noToken: 'Questo indirizzo non ha il token: aprite l’indirizzo stampato da iccf serve (finisce con ?token=…).',
    remote: 'Questa pagina è in ascolto su {bind}: altri computer della rete possono aprirla.',
    board: 'Scacchiera', start: 'Inizio', back: 'Indietro', forward: 'Avanti', end: 'Fine',
    flip: 'Ruota', flipTitle: 'Ruota la scacchiera (f)', coords: 'Case algebriche',
    coordsTitle: 'Mostra i nomi algebrici delle case invece dei numeri', newGame: 'Nuova partita',
    undo: 'Annulla', undoTitle: 'Annulla l’ultima modifica (Ctrl+Z)', deleteHere: 'Cancella da qui',
    deleteTitle: 'Cancella questa mossa e tutte le seguenti', promoteLine: 'Promuovi variante',
    promoteTitle: 'Rendi questa variante la linea principale', svgTitle: 'Scarica la scacchiera come SVG',
    pngTitle: 'Scarica la scacchiera come PNG', move: 'Mossa', promoteTo: 'Promozione:', queen: '1 Donna',
    rook: '2 Torre', bishop: '3 Alfiere', knight: '4 Cavallo', fenSet: 'Disponi',
    fenSetTitle: 'Disponi questa posizione (Invio)', copy: 'Copia', besideNumeric: 'Accanto alla numerica',
    letters: 'Lettere', no: 'N.', numeric: 'Numerica', treeHead: 'Mosse e varianti',
    paste: 'Incolla una partita',
    pasteHint: 'PGN, una notazione numerica, algebrica in una delle 36 lingue o un messaggio ricevuto; oppure aprite un file (o trascinatelo sulla pagina).',
    saveFile: 'Salva come PGN', saveFileTitle: 'Salva la partita, varianti e commenti compresi, come PGN',
    load: 'Carica', export: 'Esporta', as: 'Come', oneLine: 'una riga di mosse', in: 'in',
    lettersLower: 'lettere', save: 'Salva', desk: 'Scrivania per corrispondenza',
    deskHint: 'Il vostro file di partita (tenuto da iccf card / iccf check); nulla viene conservato sul server.',
    deskHintFolder: 'Il vostro file di partita (tenuto da iccf card / iccf check); nulla viene conservato sul server, tranne i file della cartella delle partite quando li riscrivete.',
    wePlay: 'Giochiamo col', asFile: 'come dice il file', White: 'Bianco', Black: 'Nero', open: 'Apri',
    theirMessage: 'Il loro messaggio', check: 'Controlla', apply: 'registra la loro mossa se tutto è in ordine',
    ourMessage: 'Il nostro messaggio', ourMove: 'La nostra mossa', wordsIn: 'Parole in', recordAlso: 'Notazione anche in',
    numericOnly: 'solo numerica', figurines: 'figurine', lan: 'algebrica estesa', offer: 'proponi patta',
    accept: 'accetta la patta', resign: 'abbandona', compose: 'Componi', copyMessage: 'Copia il messaggio',
    saveGame: 'Salva il file di partita', writeFolder: 'Scrivi nella cartella', gamesIn: 'Partite in',
    refresh: 'Aggiorna', file: 'File', game: 'Partita', opponent: 'Avversario', toMoveHead: 'Al tratto',
    ours: 'Nostra ultima', theirs: 'Loro ultima', daysUsed: 'Giorni usati', deadline: 'Scadenza', alerts: 'Avvisi',
    keys: 'Tasti: le cifre inseriscono una mossa ({5254}), {Enter} invia l’algebrica, {←} {→} scorrono, {Home} {End}, {f} ruota, {Esc} cancella.',
    toMove: '{number} muove il {side}', white: 'bianco', black: 'nero', inCheck: ', sotto scacco',
    checkmate: 'scacco matto: vince il {side}', draw: 'patta: {why}', claim: '; si può reclamare la patta ({why})',
    stalemate: 'stallo', 'insufficient material': 'materiale insufficiente',
    'fivefold repetition': 'quintupla ripetizione', '75-move rule': 'regola delle 75 mosse',
    'threefold repetition': 'triplice ripetizione', '50-move rule': 'regola delle 50 mosse',
    newVariation: ': una nuova variante', deleted: 'cancellato (Annulla lo ripristina)',
    promoted: 'variante promossa', alreadyMain: 'questa è già la linea principale',
    nothingToDelete: 'qui non c’è una mossa da cancellare', undone: 'annullato', copied: 'copiato',
    setUp: 'posizione disposta', savedAs: 'salvato come {name}',
    folderSummary: '{games} partite, {ours} attendono la nostra mossa',
  },
  cs: {
    pasteLang: 'Písmena tahů', pasteLangAuto: 'zjištěná pro každou partii',
    language: 'Jazyk', tagline: 'číselná notace ICCF',
    noToken: 'Tato adresa nemá token: otevřete adresu, kterou vypsal iccf serve (končí na ?token=…).',
    remote: 'Tato stránka naslouchá na {bind}: mohou ji otevřít i jiné počítače v síti.',
    board: 'Šachovnice', start: 'Začátek', back: 'Zpět', forward: 'Vpřed', end: 'Konec',
    flip: 'Otočit', flipTitle: 'Otočit šachovnici (f)', coords: 'Algebraická pole',
    coordsTitle: 'Ukázat algebraické názvy polí místo čísel', newGame: 'Nová partie',
    undo: 'Zpět o krok', undoTitle: 'Vrátit poslední změnu (Ctrl+Z)', deleteHere: 'Smazat odsud',
    deleteTitle: 'Smazat tento tah a všechny další', promoteLine: 'Povýšit variantu',
    promoteTitle: 'Udělat z této varianty hlavní pokračování', svgTitle: 'Stáhnout šachovnici jako SVG',
    pngTitle: 'Stáhnout šachovnici jako PNG', move: 'Tah', promoteTo: 'Proměna:', queen: '1 Dáma',
    rook: '2 Věž', bishop: '3 Střelec', knight: '4 Jezdec', fenSet: 'Postavit',
    fenSetTitle: 'Postavit tuto pozici (Enter)', copy: 'Kopírovat', besideNumeric: 'Vedle číselné',
    letters: 'Písmena', no: 'Č.', numeric: 'Číselná', treeHead: 'Tahy a varianty',
    paste: 'Vložit partii',
    pasteHint: 'PGN, číselný zápis, algebraický v kterémkoli z 36 jazyků nebo přijatá zpráva; nebo otevřete soubor (či ho přetáhněte na stránku).',
    saveFile: 'Uložit jako PGN', saveFileTitle: 'Uložit partii i s variantami a komentáři jako PGN',
    load: 'Načíst', export: 'Exportovat', as: 'Jako', oneLine: 'jeden řádek tahů', in: 'v',
    lettersLower: 'písmena', save: 'Uložit', desk: 'Korespondenční stůl',
    deskHint: 'Váš soubor partie (vedený iccf card / iccf check); na serveru se nic neukládá.',
    deskHintFolder: 'Váš soubor partie (vedený iccf card / iccf check); na serveru se nic neukládá kromě souborů ve složce partií, když je zapíšete zpět.',
    wePlay: 'Hrajeme za', asFile: 'jak říká soubor', White: 'Bílý', Black: 'Černý', open: 'Otevřít',
    theirMessage: 'Jejich zpráva', check: 'Zkontrolovat', apply: 'zapsat jejich tah, je-li vše v pořádku',
    ourMessage: 'Naše zpráva', ourMove: 'Náš tah', wordsIn: 'Slova v jazyce', recordAlso: 'Zápis také v',
    numericOnly: 'jen číselně', figurines: 'figurky', lan: 'dlouhá algebraická', offer: 'nabídnout remízu',
    accept: 'přijmout remízu', resign: 'vzdát', compose: 'Sestavit', copyMessage: 'Kopírovat zprávu',
    saveGame: 'Uložit soubor partie', writeFolder: 'Zapsat do složky', gamesIn: 'Partie ve složce',
    refresh: 'Obnovit', file: 'Soubor', game: 'Partie', opponent: 'Soupeř', toMoveHead: 'Na tahu',
    ours: 'Náš poslední', theirs: 'Jejich poslední', daysUsed: 'Spotřebované dny', deadline: 'Lhůta', alerts: 'Upozornění',
    keys: 'Klávesy: číslice zadávají tah ({5254}), {Enter} odešle algebraický zápis, {←} {→} listují, {Home} {End}, {f} otočí, {Esc} smaže.',
    toMove: '{number} na tahu je {side}', white: 'bílý', black: 'černý', inCheck: ', v šachu',
    checkmate: 'mat: vyhrává {side}', draw: 'remíza: {why}', claim: '; lze požadovat remízu ({why})',
    stalemate: 'pat', 'insufficient material': 'nedostatečný materiál',
    'fivefold repetition': 'pětinásobné opakování', '75-move rule': 'pravidlo 75 tahů',
    'threefold repetition': 'trojnásobné opakování', '50-move rule': 'pravidlo 50 tahů',
    newVariation: ': nová varianta', deleted: 'smazáno (Zpět o krok to vrátí)',
    promoted: 'varianta povýšena', alreadyMain: 'toto už je hlavní pokračování',
    nothingToDelete: 'zde není tah ke smazání', undone: 'vráceno', copied: 'zkopírováno',
    setUp: 'pozice postavena', savedAs: 'uloženo jako {name}',
    folderSummary: '{games} partií, {ours} čeká na náš tah',
  },
  ru: {
    pasteLang: 'Буквы ходов', pasteLangAuto: 'определяются по партии',
    language: 'Язык', tagline: 'цифровая нотация ICCF',
    noToken: 'В этом адресе нет токена: откройте адрес, который напечатал iccf serve (он кончается на ?token=…).',
    remote: 'Эта страница слушает {bind}: её могут открыть другие компьютеры в сети.',
    board: 'Доска', start: 'В начало', back: 'Назад', forward: 'Вперёд', end: 'В конец',
    flip: 'Перевернуть', flipTitle: 'Перевернуть доску (f)', coords: 'Алгебраические поля',
    coordsTitle: 'Показывать алгебраические названия полей вместо цифр', newGame: 'Новая партия',
    undo: 'Отменить', undoTitle: 'Отменить последнее изменение (Ctrl+Z)', deleteHere: 'Удалить отсюда',
    deleteTitle: 'Удалить этот ход и все следующие', promoteLine: 'Сделать вариант главным',
    promoteTitle: 'Сделать этот вариант главной линией', svgTitle: 'Скачать доску в SVG',
    pngTitle: 'Скачать доску в PNG', move: 'Ход', promoteTo: 'Превращение:', queen: '1 Ферзь',
    rook: '2 Ладья', bishop: '3 Слон', knight: '4 Конь', fenSet: 'Расставить',
    fenSetTitle: 'Расставить эту позицию (Enter)', copy: 'Копировать', besideNumeric: 'Рядом с цифровой',
    letters: 'Буквы', no: '№', numeric: 'Цифровая', treeHead: 'Ходы и варианты',
    paste: 'Вставить партию',
    pasteHint: 'PGN, цифровая запись, алгебраическая на любом из 36 языков или полученное письмо; или откройте файл (или перетащите его на страницу).',
    saveFile: 'Сохранить как PGN', saveFileTitle: 'Сохранить партию с вариантами и комментариями в PGN',
    load: 'Загрузить', export: 'Экспорт', as: 'Как', oneLine: 'одна строка ходов', in: 'в',
    lettersLower: 'буквы', save: 'Сохранить', desk: 'Стол заочника',
    deskHint: 'Ваш файл партии (его ведут iccf card / iccf check); на сервере ничего не хранится.',
    deskHintFolder: 'Ваш файл партии (его ведут iccf card / iccf check); на сервере ничего не хранится, кроме файлов папки партий, когда вы их записываете.',
    wePlay: 'Мы играем', asFile: 'как в файле', White: 'Белые', Black: 'Чёрные', open: 'Открыть',
    theirMessage: 'Их письмо', check: 'Проверить', apply: 'записать их ход, если всё в порядке',
    ourMessage: 'Наше письмо', ourMove: 'Наш ход', wordsIn: 'Слова на', recordAlso: 'Запись также в',
    numericOnly: 'только цифровая', figurines: 'фигурки', lan: 'полная алгебраическая', offer: 'предложить ничью',
    accept: 'принять ничью', resign: 'сдаться', compose: 'Составить', copyMessage: 'Копировать письмо',
    saveGame: 'Сохранить файл партии', writeFolder: 'Записать в папку', gamesIn: 'Партии в',
    refresh: 'Обновить', file: 'Файл', game: 'Партия', opponent: 'Соперник', toMoveHead: 'Очередь хода',
    ours: 'Наш последний', theirs: 'Их последний', daysUsed: 'Использовано дней', deadline: 'Срок', alerts: 'Предупреждения',
    keys: 'Клавиши: цифры вводят ход ({5254}), {Enter} отправляет алгебраическую запись, {←} {→} листают, {Home} {End}, {f} переворачивает, {Esc} стирает.',
    toMove: '{number} ход {side}', white: 'белых', black: 'чёрных', inCheck: ', шах',
    checkmate: 'мат: победили {side}', draw: 'ничья: {why}', claim: '; можно потребовать ничью ({why})',
    stalemate: 'пат', 'insufficient material': 'недостаточно материала',
    'fivefold repetition': 'пятикратное повторение', '75-move rule': 'правило 75 ходов',
    'threefold repetition': 'троекратное повторение', '50-move rule': 'правило 50 ходов',
    newVariation: ': новый вариант', deleted: 'удалено («Отменить» вернёт)',
    promoted: 'вариант стал главным', alreadyMain: 'это уже главная линия',
    nothingToDelete: 'здесь нечего удалять', undone: 'отменено', copied: 'скопировано',
    setUp: 'позиция расставлена', savedAs: 'сохранено как {name}',
    folderSummary: 'партий: {games}, ждут нашего хода: {ours}',
  },
};

let current = 'en';

/** The language in use. */
export function lang() {
  return current;
}

/** Every key of every language (for tests: each language has them all). */
export function keys(code) {
  return Object.keys(TEXT[code] || {});
}

/** The text of `key` in the language in use, `{name}` filled from `params`. */
export function t(key, params = {}) {
  const text = TEXT[current][key] ?? TEXT.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** The remembered choice, else the first of the browser's languages we have, else English. */
function pick() {
  try {
    const chosen = localStorage.getItem(KEY);
    if (chosen in LANGS) return chosen;
  } catch {
    // No storage: the browser's languages decide.
  }
  for (const tag of navigator.languages || [navigator.language || 'en']) {
    const code = tag.toLowerCase().split('-')[0];
    if (code in LANGS) return code;
  }
  return 'en';
}

/** Puts the words of the language in use into `root`'s marked elements. */
export function translate(root = document) {
  document.documentElement.lang = current;
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', t(el.dataset.i18nAria));
  const footer = root.querySelector('#keys');
  if (footer) {
    // `{Esc}` in the text is a key: a <kbd>.
    footer.replaceChildren(...t('keys').split(/\{([^}]+)\}/).map((part, i) => (i % 2
      ? Object.assign(document.createElement('kbd'), { textContent: part }) : part)));
  }
}

/** Picks the language, fills `select` with the seven, and translates on a change (then `onChange()`). */
export function setupLanguage(select, onChange) {
  current = pick();
  select.replaceChildren(...Object.entries(LANGS).map(([code, name]) => Object.assign(
    document.createElement('option'), { value: code, textContent: name, selected: code === current })));
  translate();
  select.addEventListener('change', () => {
    current = select.value in LANGS ? select.value : 'en';
    try {
      localStorage.setItem(KEY, current);
    } catch {
      // Not remembered; still switched.
    }
    translate();
    onChange();
  });
}
