# /rules and /rules <variant>: docs/rules.md §1–§5 for players. Markdown.
# Every rules message gets $abort-window (text: "3 minutes") and $grace
# (text: "60 seconds"), the server's settings.

rules-basics-title = How to play
rules-basics =
    Two players take turns dropping a disc of their color into one of the columns of an upright board (classic: 7 columns, 6 rows). The disc falls to the lowest free cell of that column. A full column can't be played, and there is no passing.
    Whoever first gets four of their discs in a straight line (across, up and down, or diagonally) wins at once; longer lines count too. If the board fills up and nobody has a line, the game is a draw.
    Red moves first, yellow second (and blue third, where there is one).

rules-notation-title = Notation
rules-notation =
    Columns are letters from the left (a, b, c, …) and rows are numbers from the bottom, so d1 is the bottom cell of the middle column on the classic board.
    The move list counts discs: “7. 🔴 d” means the seventh disc went into column d. A pop in PopOut is written with a minus: -a.
    To move, press a column button or type the column in the match thread: a letter (a, B, …) or a number counted from the left (1 is column a). Anything else you write there is just chat.

rules-match-title = The match
rules-match =
    A rated match has two games, and the colors and the first move swap for the second one. A win is worth 1 point, a draw ½ and a loss 0, so a match ends 2:0, 1½:½ or 1:1; 1:1 is a drawn match, with no tie-break.
    After a game the final position stays on the board until every player has pressed “Ready for the next game”.
    - “Resign game” gives up only the current game; the next one is still played.
    - “Resign match” gives up the whole match.
    Losing the whole match by resigning it, by running out of time or by being removed by a moderator is a forfeit: it counts as 0:2, and games already played stay in the record. There are no take-backs and no adjournments.
    A match counts only once every player has made a move in it: if it ends before that — a resignation, a flag, anything — it is aborted, with no result and no rating change.

rules-clock-title = The clock
rules-clock =
    Each player has one time bank for the whole match plus an increment for every move, written base+increment with the base in minutes and the increment in seconds: 10+10 is ten minutes plus ten seconds per move. Presets are 3+2, 5+5, 10+10 (the default) and 30+30; any base from 1 minute to 7 days and any increment from 0 seconds to 1 day works.
    - Your bank runs while it is your turn. After a move the increment is added, except for a move that ends a game.
    - The bank carries over from game 1 to game 2. If it runs out, you lose the match.
    - Your first move of the match is free: the clock doesn't run for it. But if you don't make it within { $abort-window } of your turn starting, the match is aborted without a result.
    - Between games the clocks stand still for { $grace }; after that, the bank of everyone who hasn't pressed Ready runs.
    - If the bot restarts, the turn in progress starts again with the bank the player had, and you'll be told so.

rules-variants-title = Variants
rules-variants-intro = Type /rules with a variant to read its details.

## One line per variant for the /rules overview.
rules-summary-classic = 7×6 board, four in a line, a match of two games.
rules-summary-single = Classic rules, just one game, never rated.
rules-summary-five = 9×6 board with the edge columns filled; five in a line.
rules-summary-popout = You may also pull one of your discs out of the bottom row.
rules-summary-small = 6×5 board, four in a line.
rules-summary-misere = Upside down: whoever makes four in a line loses.
rules-summary-cylinder = Lines wrap around from the right edge to the left.
rules-summary-obstacles = Four gray blocks stand on the board from the start.
rules-summary-random-opening = Starts from a random balanced opening of four discs.
rules-summary-three-players = Three players: red, yellow and blue.
rules-summary-teams = Two teams of two, each team sharing a color.

## The details of each variant.
rules-variant-classic =
    The standard game: a 7×6 board, four in a line wins, and a rated match of two games in which the colors swap.
rules-variant-single =
    Classic rules on a 7×6 board, but just one game, and it is never rated. The challenger picks red, yellow or a random color.
rules-variant-five =
    A wider board, 9 columns by 6 rows, and you need five in a line. Before the first move, columns a and i are already full: column a from the bottom red, yellow, red, …, and column i yellow, red, yellow, … These twelve discs count for lines like any others, which leaves 42 free cells.
rules-variant-popout =
    Classic board and four in a line, but on your turn you may either drop a disc or pop: take one of your own discs out of the bottom row, and everything above it in that column slides down one cell.
    - After every move both colors are checked. If only one color has a line, that color wins. If a pop gives both colors a line, the player who popped loses.
    - A full board is not a draw: play goes on with pops.
    - The game is drawn when the player to move has no legal move, or when the same position with the same player to move comes up for the third time.
    Type a pop as -a or pop a.
rules-variant-small =
    A smaller board, 6 columns by 5 rows, four in a line. With perfect play on both sides it is a draw.
rules-variant-misere =
    Everything is upside down: whoever completes a line of four loses at once. If the board fills up without a line, the game is a draw.
rules-variant-cylinder =
    The board is rolled into a cylinder: column a sits right next to the last column. Lines across and diagonal lines may run over that seam, so f2 g2 a2 b2 is a line. Vertical lines work as usual.
rules-variant-obstacles =
    At the start the board holds four gray blocks in two mirrored pairs: a block in one column and its twin in the mirror column, each on the bottom row or on top of another block, never in the middle column. A block fills its cell like a disc but belongs to nobody and never counts for a line. The layout is drawn at random for each match, and both games use the same one.
rules-variant-random-opening =
    The match starts from an opening of four discs (two red, two yellow, red to move), drawn at random from positions the bot's own solver has shown to be a draw with perfect play. Both games use the same opening with the colors swapped. The opening discs appear in the move list, marked as drawn.
rules-variant-three-players =
    Three players on an 8×6 board take turns: red, yellow, blue. The first to make four in a line wins the game and gets 1 point; the other two get nothing. A full board is a draw, ½ point each.
    - A match is three games, and the first move rotates so that everybody starts once.
    - Places are ranked by points; equal points share a place.
    - A player who resigns the match or runs out of time ends it for everyone: they are placed last, and the others are ranked by their points so far.
rules-variant-teams =
    Two teams of two on a 7×6 board; the players of a team share a color. In game 1 team A is red and the order is A1, B1, A2, B2, A1, … In game 2 team B is red and moves first: B1, A1, B2, A2, …
    - Every player has their own clock.
    - Any member may resign the game or the match for the team.
    - If any member runs out of time, the team forfeits the match.

# /help: the commands (each line: the localized name and description), how to move, the match format.
help-commands-title = Commands
help-moves-title = How to move
help-moves = Press a column button on the turn message, or type the column in the match thread: a letter (a, b, …) or a number from the left (1 is column a). In PopOut the pop buttons take a disc out of the bottom.
help-moves-reply = On this server I do not read messages' text: a typed move must reply to the turn message or mention me.
# $bot (text: a mention of the bot)
help-play-bot = Play against me: /challenge with { $bot } as the opponent; the level option sets my strength.
help-match-title = The match
help-match = A rated match has two games; the colors swap for the second. Each player has one time bank for the whole match plus an increment per move (10+10: ten minutes plus ten seconds a move). /rules has the whole rulebook.

# Issue 35 §2: /help's line for the user command. $name (the command's name in this language)
help-user-command = **{ $name }**: right-click a member (or tap their name) → Apps → { $name }: a private form to challenge them, the variant and time one choice away
# The welcome posted once in a server that has just added the bot. $challenge, $help (text: the command as a mention that opens it, or its name with its slash)
welcome = Hello! I host four-in-a-row matches on this server. { $challenge } starts one, against a member or against me; { $help } shows every command and how to play.
