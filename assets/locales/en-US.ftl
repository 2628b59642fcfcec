# The bot's words in English. Every message of this file is in every other file of this folder,
# with the same arguments (the tests check both). Arguments named side, color, owner, piece,
# reason, status, scope, rated, capture, crowned and result are keys (white, black, man, king,
# yes, no…): write them with a selector. Players, moves and lists arrive as finished text.

language-name = English

## Words used inside other messages

level-easy = easy
level-medium = medium
level-hard = hard
level-master = master
player-ai = the { $level } AI
list-or = { $first } or { $last }
list-and = { $first } and { $last }
list-more = { $count ->
    [one] one other move
   *[other] { $count } other moves
}
time-in = { $unit ->
    [seconds] { $count ->
        [one] in a second
       *[other] in { $count } seconds
    }
    [minutes] { $count ->
        [one] in a minute
       *[other] in { $count } minutes
    }
    [hours] { $count ->
        [one] in an hour
       *[other] in { $count } hours
    }
   *[days] { $count ->
        [one] in a day
       *[other] in { $count } days
    }
}

## Challenges

challenge-issued = A challenge! { $challenger } challenges { $challenged } to a { $rated ->
    [yes] rated
   *[no] casual
} game of Dama, { $clock } ({ $color ->
    [white] { $challenger } plays White
    [black] { $challenger } plays Black
   *[random] colours drawn at random
}). Accept within { $minutes ->
    [one] a minute
   *[other] { $minutes } minutes
}.
open-challenge-issued = An open challenge! { $challenger } will play anyone here a { $rated ->
    [yes] rated
   *[no] casual
} game of Dama, { $clock } ({ $color ->
    [white] { $challenger } plays White
    [black] { $challenger } plays Black
   *[random] colours drawn at random
}). The first to press Accept plays; it stands for { $minutes ->
    [one] a minute
   *[other] { $minutes } minutes
}.
blocked = You blocked { $user }: they cannot challenge you, the pools never pair you, and neither of you takes the other's open challenge. Undo it with { $unblock }.
unblocked = You unblocked { $user }.
block-list = { $count ->
        [0] You have blocked nobody.
       *[other] You have blocked: { $users }.
    }
seeking = You wait in the { $clock } pool ({ $rated ->
        [yes] rated
       *[no] casual
    }): { $others ->
        [0] nobody else waits for it in this server yet
        [one] one other player waits for it in this server
       *[other] { $others } other players wait for it in this server
    }. Your game opens in a thread of this channel, and you are mentioned; if nobody suits, the seek ends in { $minutes ->
        [one] a minute
       *[other] { $minutes } minutes
    }.
seeking-everywhere = Across the network { $others ->
        [0] nobody else waits for it yet
        [one] one other player waits for it
       *[other] { $others } other players wait for it
    }: if nobody here suits you, a player of another server may, each of you playing from your own channel.
network-joined = This server is in the Dama network now, { $servers ->
        [one] the first of its servers
       *[other] one of { $servers } servers
    }: its players may seek with everywhere:true in { $seek } and meet the players of every server in it. Nothing crosses between servers but the two players' names, ratings, moves, offers and results.
network-left = This server left the Dama network; its games between servers go on to their end. { $count ->
        [0] Nobody here was waiting for a game everywhere.
        [one] The seek of { $users } for a game everywhere has ended.
       *[other] The seeks of { $users } for a game everywhere have ended.
    }
network-status = { $member ->
        [yes] This server is in the Dama network
       *[no] This server is not in the Dama network
    } ({ $servers ->
        [one] one server is
       *[other] { $servers } servers are
    } in it). { $member ->
        [yes] Seek with everywhere:true in { $seek } to meet their players.
       *[no] Someone who manages the server may join with { $network } join:true.
    }
seeking-moved = You left the { $from } pool for this one: a player waits in one pool at a time.
left-pool = You left the { $clock } pool.
seek-expired = Nobody suited { $player } in the { $clock } pool in { $minutes ->
        [one] a minute
       *[other] { $minutes } minutes
    }, so the seek has ended. Seek again with { $seek }.
pool-paired = Paired in the { $clock } pool.
meeting-nowhere = The pool paired { $white } and { $black }, but this channel has a game running and no thread could be opened for theirs. Seek again from another channel.
challenge-taken = { $open ->
    [yes] The open challenge of { $challenger } was taken by { $by }.
   *[no] The challenge of { $challenger } was accepted by { $by }: the game is on.
}
challenge-declined = Challenge declined by { $by }, { $challenger }.
challenge-withdrawn = Challenge withdrawn by { $by }.
rematch-offered = Rematch? { $by } offers { $to } the same { $rated ->
    [yes] rated
   *[no] casual
} game again, { $clock }, colours swapped: { $by } plays { $color ->
    [white] White
   *[black] Black
} this time. To play, { $to } presses Rematch or Accept within { $hours ->
    [0] { $minutes ->
        [one] a minute
       *[other] { $minutes } minutes
    }
    [one] an hour
   *[other] { $hours } hours
}.
rematch-lapsed = The rematch { $by } offered { $to } lapsed unanswered.
challenge-expired = The challenge from { $challenger } to { $challenged } expired unanswered.
open-challenge-expired = The open challenge of { $challenger } expired: nobody took it.
game-started = Game on! { $white } plays White, { $black } plays Black, in a { $rated ->
    [yes] rated
   *[no] casual
} game, { $clock }.
ai-game-started = A game against the AI ({ $level }, { $clock }): { $player } plays { $color ->
    [white] White
   *[black] Black
}.

## Moves and turns

played = Played by { $mover }: { $move }{ $crowned ->
    [yes] {""}, and the man is crowned a king
   *[no] {""}
}.
play-link = Your own link to play this game on its page: { $link } It is for you alone and opens the game once, signing in the browser that opens it until the game ends; for another device, ask again.
played-since = Played since the last board: { $earlier }, then { $move } by { $mover }{ $crowned ->
    [yes] {""}, and the man is crowned a king
   *[no] {""}
}.
to-move = To move: { $player } ({ $side ->
    [white] White
   *[black] Black
}){ $capture ->
    [yes] : a capture is compulsory
   *[no] {""}
}. { $clock ->
    [live] Clocks: White { $white }, Black { $black }; the time runs out { $deadline }.
    [first] The first move is due { $deadline }, or the game is called off.
    [forfeit] The first move is due { $deadline }, or the game is lost by forfeit.
   *[days] Move { $deadline } or lose on time.
}
ai-thinking = The AI ({ $level }) is thinking…
time-warning = Your move, { $player }: play { $deadline } or you lose the game on time.

## The end of a game

game-won = { $reason ->
    [no-moves] Game over: { $loser } has no move left, so { $winner } wins with { $color ->
        [white] White
       *[black] Black
    }.
    [no-pieces] Game over: { $loser } has no pieces left, so { $winner } wins with { $color ->
        [white] White
       *[black] Black
    }.
    [resignation] Game over: { $loser } resigned, so { $winner } wins with { $color ->
        [white] White
       *[black] Black
    }.
    [time] Game over: { $loser } did not move in time, so { $winner } wins with { $color ->
        [white] White
       *[black] Black
    }.
   *[other] Game over: { $winner } wins with { $color ->
        [white] White
       *[black] Black
    }.
}
game-drawn = { $reason ->
    [repetition] Draw: the same position came up for the third time.
    [no-progress] Draw: 100 plies went by without a capture, a crowning or a man moving forward.
    [king-against-king] Draw: one king against one king.
    [agreement] Draw by agreement.
   *[other] Draw.
}
game-ai-you-won = Well played, { $person }: you beat the AI ({ $level })!
game-ai-you-lost = Better luck next time, { $person }!
rating-change = { $user } { $before } → { $after } ({ $delta })
rating-changes = Ratings: { $list }.
final-clocks = Clocks at the end: White { $white }, Black { $black }.
no-first-move = Called off: { $player } did not make a first move in time, so the game counts for nothing.
forfeit = Won by forfeit: { $winner }; { $absent } did not start.
forfeit-withdrawn = Absent two games in a row, { $absent } is withdrawn from the tournament; joining again brings them back.
move-too-late = Too late: your time had run out before that move.
action-too-late = Too late: the time to move had run out before that, so the clock decides the game.
web-listed = This server's leaderboards, running games and tournaments are now listed on the web pages.
web-listed-at = This server's leaderboards, running games and tournaments are now listed on the web: { $link }
web-unlisted = This server is no longer listed on the web pages; each game stays reachable only by the link posted with its board.
not-rated-too-short = Not rated: a game counts for the ratings only once both sides have moved.
called-off-by = Called off: { $by } left before both sides had moved, so the game counts for nothing.
called-off = This game was called off before both sides had moved; it counts for nothing.
confirm-resign = Resign this rated game? It counts as a loss for your rating. { $surface ->
    [discord] Press the button to confirm, or just play on.
   *[console] Type yes to confirm, or no (or just play on) to keep playing.
}

## Offers

draw-offered = A draw offer from { $by }. { $to }, accept with { $surface ->
    [discord] the button or { $draw }
   *[console] { $draw }
}, or just play on to decline.
ai-declines-draw = The AI ({ $level }) declines the draw and plays on.
takeback-asked = A takeback request: { $by } would like to take back their last move. { $to }, agree with { $surface ->
    [discord] the button or { $takeback }
   *[console] { $takeback }
}.
taken-back = { $count ->
    [one] Move taken back
   *[other] Moves taken back
}: { $moves }.

## What players can look at

hint = Hint: { $move }. { $eval }
eval-equal = The position is about equal.
eval-slightly-better = { $side ->
    [white] White
   *[black] Black
} is slightly better.
eval-better = { $side ->
    [white] White
   *[black] Black
} is better.
eval-winning = { $side ->
    [white] White
   *[black] Black
} is winning.
eval-wins-in = { $side ->
    [white] White
   *[black] Black
} wins by force in { $moves ->
    [one] one move
   *[other] { $moves } moves
}.
eval-draw = With best play on both sides the game is a draw.
legal-moves = { $side ->
    [white] White
   *[black] Black
} to move, { $count ->
    [one] one legal move
   *[other] { $count } legal moves
}{ $capture ->
    [yes] {""} (capturing is compulsory)
   *[no] {""}
}: { $moves }
pdn-file = Game { $game } as PDN.
replay-file = Replay of game { $game }.
leaderboard-title = { $scope ->
    [server] Leaderboard of this server
   *[global] Global leaderboard
}, { $speed }:
leaderboard-row = { $rank }. { $user } { $rating } (±{ $margin }), { $games ->
    [one] 1 game
   *[other] { $games } games
}: { $wins }W { $draws }D { $losses }L
no-rated-games = No rated { $speed ->
    [any] {""}
   *[other] { $name }{" "}
}games yet{ $scope ->
    [server] {""} on this server
   *[global] {""}
}. Challenge someone with { $challenge }!
stats = Stats of { $user }{ $speed ->
    [any] {""}
   *[other] {""} in { $name }
}: rating { $rating } (±{ $margin }), { $games ->
    [one] 1 rated game
   *[other] { $games } rated games
}: { $wins ->
    [one] 1 win
   *[other] { $wins } wins
}, { $draws ->
    [one] 1 draw
   *[other] { $draws } draws
}, { $losses ->
    [one] 1 loss
   *[other] { $losses } losses
}.
stats-ai = Against the AI (never rated): { $list }.
stats-ai-level = { $level } { $wins ->
    [one] 1 win
   *[other] { $wins } wins
}, { $draws ->
    [one] 1 draw
   *[other] { $draws } draws
}, { $losses ->
    [one] 1 loss
   *[other] { $losses } losses
}
stats-others = Other ratings: { $list }.
stats-other = { $name } { $rating } ({ $games ->
    [one] 1 game
   *[other] { $games } games
})
stats-recent = Recent: { $list }.
stats-recent-game = { $result ->
    [win] won
    [draw] drew
   *[loss] lost
} against { $opponent }
not-played-yet = No rated game yet for { $user }.
game-broken = Game { $game } cannot go on: its record is damaged. { $players }, either of you (or a server admin) can call it off with { $abort }.
aborted = Game { $game } was called off by { $by }: it counts for nothing, and this channel is free for a new game.
language-set = { $scope ->
    [me] Your language
   *[server] This server's language
} is now { $lang }.
language-auto = { $scope ->
    [me] Your language
   *[server] This server's language
} follows Discord's language settings again.

## Pictures

caption-to-move = { $side ->
    [white] White
   *[black] Black
} to move · move { $number }
caption-side-to-move = { $side ->
    [white] White
   *[black] Black
} to move
caption-won = { $color ->
    [white] White
   *[black] Black
} wins{ $reason ->
    [no-moves] : no move left
    [no-pieces] : no pieces left
    [resignation] {""} by resignation
    [time] {""} on time
   *[other] {""}
}
caption-drawn = Draw{ $reason ->
    [repetition] : threefold repetition
    [no-progress] : 100 plies without progress
    [king-against-king] : king against king
    [agreement] {""} by agreement
   *[other] {""}
}
caption-called-off = Called off
caption-forfeit = { $side ->
    [white] Black wins by forfeit
   *[black] White wins by forfeit
}
caption-clocked = { $caption }   ○ { $white }   ● { $black }
caption-replay-start = Start
caption-replay-ply = { $side ->
    [white] { $number }. { $move }
   *[black] { $number }… { $move }
}
caption-replay-end = { $ply }  { $outcome }

## Buttons

button-accept = Accept
button-decline = Decline
button-cancel = Cancel
button-resign = Resign
button-confirm-resign = Yes, resign
button-offer-draw = Offer draw
button-accept-draw = Accept draw
button-allow-takeback = Allow takeback
button-hint = Hint
button-play-on-board = Play on the board

## Refusals

error-no-game = There is no game in this channel. Start one with { $challenge } or { $ai }.
error-no-game-yet = No game has been played here yet. Start one with { $challenge } or { $ai }.
error-not-a-player = You are not playing in this game.
error-no-public-url = Playing on the board needs the bot's web address: the bot's operator has to set DAMA_PUBLIC_URL.
error-not-signed-in = This page is not signed in for the player to move: ask for a new link with /dama play-link in the game's channel and open it.
error-not-your-turn = It is not your turn: { $player } is to move.
error-move = That move cannot be played: { $why }.
error-changed-meanwhile = Something changed while your request was on its way (a move or an answer came first): look at the board again, then send it again if it still stands.
error-channel-busy = This channel already has a game running{ $players ->
    [none] {""}
   *[other] {" "}({ $players })
}. { $surface ->
    [discord] Finish it first, or play yours in a new thread ({ $challenge } with thread: true).
   *[console] Finish it first, call it off with { $abort }, or play yours in another channel ({ $channel }).
}
error-self-challenge = You cannot challenge yourself. Challenge someone else, or play the AI with { $ai }.
error-bot-opponent = Bots do not play Dama here. To play the computer, use { $ai }.
error-no-challenge = That challenge does not exist.
error-challenge-closed = That challenge is no longer open: it was { $status ->
    [accepted] accepted already
    [declined] declined
    [cancelled] withdrawn
   *[other] left to expire
}.
error-challenge-expired = That challenge has expired. Ask for a new one.
error-not-your-challenge = That challenge is for someone else.
error-not-your-open-challenge = Only { $challenger } can withdraw this open challenge. Press Accept to play it.
error-own-challenge = This is your own open challenge: wait for someone to take it, or withdraw it with Cancel.
error-block-self = You cannot block yourself.
error-already-blocked = You have blocked { $user } already.
error-not-blocked = You have not blocked { $user }.
error-too-many-blocks = You can block at most { $limit } players: unblock someone first.
error-not-available = That player is not available for a game.
error-you-blocked = You blocked { $user }: unblock them with { $unblock } to play them.
error-seek-needs-server = Seeking a game is for a server's channels: use { $seek } in one.
error-not-in-network = This server is not in the Dama network, so your seek cannot reach other servers: seek without everywhere in { $seek }, or ask someone who manages the server to join with { $network } join:true.
error-network-needs-manage-server = Only members with the Manage Server permission can join this server to the network or take it out.
error-rematch-across-servers = A game between two servers has no rematch, as it would be played in one of them: seek again with everywhere:true in { $seek }.
error-seek-while-playing-live = You are playing a game on a live clock: finish it before you seek another live one.
error-not-seeking = You are not waiting in any pool. Seek a game with { $seek }.
error-rematch-not-over = This game is still being played: a rematch can be offered once it ends.
error-rematch-not-player = Only the two players of this game can ask for its rematch.
error-rematch-in-tournament = A tournament pairs its own games: its games have no rematch.
error-rematch-offered-already = You have offered { $to } a rematch already: it is theirs to accept.
error-rematch-played = This game has been played again already: press Rematch under the newest game.
error-too-many-rematches = You can offer at most { $limit } rematches a minute: wait a moment, then offer again.
error-too-many-seeks = You can seek at most { $limit } times a minute: wait a moment, then seek again.
error-open-challenge-needs-server = An open challenge is for a server's channel, where others can take it. Here, name your opponent with { $challenge }.
error-no-open-challenge = You have no open challenge in this channel.
error-game-already-over = The game is already over.
error-draw-already-offered = You have already offered a draw; your opponent can accept it with { $draw }.
error-takeback-already-asked = You have already asked to take back your move; wait for your opponent's answer.
error-nothing-to-take-back = You have no move to take back.
error-no-hints-in-rated = Hints are for casual games and games against the AI, not for rated games.
error-old-button = That button belongs to an earlier position; use the newest board.
error-button-game-over = That game is over.
error-unknown-button = That button is not one of ours.
error-broken = This game's record is damaged and it cannot go on. Either player, or a server admin, can call it off with { $abort }.
error-cannot-abort = Only a server admin (Manage Server) can call off a game that is going on normally; its players can call off only a game whose record is damaged. To give up, use { $resign }.
error-needs-manage-server = Only members with the Manage Server permission can choose the server's language; choose your own with the scope "me".
error-unknown-language = "{ $text }" is not a language I speak: choose { $options }.
error-too-many-challenges = You already have { $limit } open challenges. Wait for an answer, or withdraw one with its Decline button.
error-too-many-ai-games = You are already playing { $limit } games against the AI. Finish one of them first.
error-replay-players-only = The replay of a running game is for its players; anyone can watch it once the game is over.
error-no-analysis-in-rated = A rated game is analysed once it is over; ask again after the game.
error-analysis-players-only = The analysis of a running game is for its players; anyone can have it once the game is over.
error-nothing-to-analyse = That game has no moves yet, so there is nothing to analyse.
error-internal = Sorry, something went wrong on our side. Please try again in a moment.

## Why a move is refused (these end a sentence that starts "That move cannot be played:")

## Time controls ("That clock cannot be used:" and why)

speed-name = { $speed ->
    [bullet] bullet
    [blitz] blitz
    [rapid] rapid
    [classical] classical
   *[correspondence] correspondence
}
decimal-point = .
time-control-live = { $control } { $speed ->
    [bullet] bullet
    [blitz] blitz
    [rapid] rapid
   *[classical] classical
}
time-control-days = { $days ->
    [one] a day a move
   *[other] { $days } days a move
}
clock-refused = That clock cannot be used: { $why }. Usual ones: { $usual }.
clock-syntax = "{ $text }" is not a time control; write minutes+seconds, like 5+3, or days a move, like 3d
clock-minutes = "{ $text }" minutes is not on offer; the minutes may be 0, 1/4, 1/2, 3/4, 1, 1.5 or a whole number up to 180
clock-increment = an increment of { $seconds } seconds is too much; at most 180
clock-no-time = 0+0 leaves no time at all; give minutes, an increment, or both
clock-days = { $days ->
    [one] one day
   *[other] { $days } days
} a move is not on offer; choose 1, 2, 3, 5, 7 or 14 days

syntax-empty = type a move as squares, such as e3-e4 or d3xd5xf5
syntax-not-a-square = "{ $text }" is not a square: squares go from a1 to h8 (type a move such as e3-e4)
syntax-one-square = a move needs at least two squares, where the piece starts and where it goes, such as e3-e4
syntax-trailing = a move ends on a square, not on "{ $sep }"
syntax-too-long = that is too many squares for one move (at most 17)
move-ambiguous = "{ $text }" could be { $options }: type more of its squares to choose one
illegal-no-piece = there is no piece on { $square }
illegal-not-your-piece = the piece on { $square } is { $owner ->
    [white] White's
   *[black] Black's
}, and it is { $side ->
    [white] White's
   *[black] Black's
} turn
illegal-capture-compulsory = capturing is compulsory: play { $options }
illegal-must-take-more = you must capture as many pieces as possible ({ $count }), so play { $options }
illegal-unfinished = the capture is not over: the piece must go on capturing while it can, so play { $options }
illegal-wrong-capture = the { $piece ->
    [man] man
   *[king] king
} on { $square } cannot capture that way; play { $options }
illegal-nothing-to-capture = there is nothing to capture, so a move is just two squares; play { $options }
illegal-blocked = the { $piece ->
    [man] man
   *[king] king
} on { $square } is blocked and cannot move
illegal-cannot-move-there = the { $piece ->
    [man] man
   *[king] king
} on { $from } cannot move to { $to }: { $why }; it can play { $options }
illegal-game-over = the game is over
why-nowhere = a move must go somewhere
why-diagonal = pieces never move diagonally
why-man-backwards = a man never moves backwards
why-man-too-far = a man steps only one square, forward or sideways
why-square-taken = that square is taken
why-path-blocked = the way there is blocked
why-not-legal = that is not a legal move

## The rules card and the help

rules =
    {"**"}Turkish draughts (Dama)**
    • 8×8 board, every square in play. 16 men each, on the second and third rows. White starts.
    • A man steps one square forward or sideways, never backwards or diagonally.
    • A man captures by jumping an enemy piece forward or sideways onto the empty square beyond.
    • A man that ends its move on the far row is crowned a king (dama). A king moves any distance along rows and columns, and captures from a distance, landing on any empty square beyond.
    • Capturing is compulsory, and you must take the most pieces possible. A capture goes on while the piece can capture; captured pieces leave the board at once; a king never turns straight back between two captures.
    • You lose when you have no move (no pieces, or all blocked). Draws: the same position three times, 100 plies without a capture, a crowning or a man moving forward, one king against one king, or agreement.
    • Here, a game has a clock: days a move ({ $hours } hours unless the challenge said otherwise), or minutes plus seconds a move in a live game (`5+3`). Whoever runs out of time loses; a first move not made in time (30 s in a live game) calls the game off.
help =
    {"**"}Playing Dama here**
    • `/dama challenge` someone, or `/dama ai` to play the computer (easy, medium, hard, master).
    • No opponent in mind? `/dama seek clock:3+2` waits for a player near your rating who seeks the same clock in this server (add `everywhere:true` to meet the players of every server in the network, which a manager joins with `/dama network join:true`); `/dama challenge` without an opponent lets anyone here accept. After a game, **Rematch** under its board offers it again, colours swapped.
    • Type your move in the channel, like `e3-e4`, or use `/dama move`. Captures: `d4xd6xf6` (or just `d4xf6` when that is clear).
    • `/dama draw`, `/dama takeback`, `/dama resign`; `/dama hint` in casual and AI games.
    • `/dama board`, `/dama moves`, `/dama pdn`, `/dama replay`, `/dama analyze` (the AI's look at the last game: mistakes, better moves, accuracy), `/dama leaderboard`, `/dama stats`, `/dama rules`.
    • One game per channel; ask for thread: true to play in a thread. Move within { $hours } hours, or you lose on time; `clock:5+3` (or `1+0`, `10+5`, `7d`…) on `/dama challenge` or `/dama ai` plays a live game on a clock instead.
    • `/dama language` sets the language of the bot's replies, for you or (with Manage Server) for the server.
    • `/dama puzzle`: the daily puzzle, the same for everyone, three tries; keep your streak going. `/dama puzzle random:true` for practice, `theme:` for one idea (sacrifice, crowning, …), `mine:true` for combinations you missed in your own games.

## Slash commands (names: lower case, at most 32 characters, no spaces)

cmd-dama = dama
    .description = Turkish draughts (Dama): challenge a friend or play the AI
cmd-challenge = challenge
    .description = Challenge someone, or anyone here, to a game of Dama in this channel
    .opponent = opponent
    .opponent-description = Who you want to play (leave it out: anyone here may accept)
    .color = color
    .color-description = Your colour (default: random)
    .rated = rated
    .rated-description = Count the game for ratings (default: yes)
    .thread = thread
    .thread-description = Play in a new thread (default: no)
    .clock = clock
    .clock-description = Time control: 5+3 is 5 minutes plus 3 seconds a move, 3d is 3 days a move (default: 3d)
cmd-ai = ai
    .description = Play against the built-in AI
    .level = level
    .level-description = How strong (default: medium)
    .color = color
    .color-description = Your colour (default: white)
    .clock = clock
    .clock-description = Time control: 5+3 is 5 minutes plus 3 seconds a move, 3d is 3 days a move (default: 3d)
cmd-move = move
    .description = Play a move, like e3-e4 or d4xd6xf6 (you can also just type it)
    .move = move
    .move-description = Your move
cmd-resign = resign
    .description = Resign this channel's game
cmd-draw = draw
    .description = Offer a draw, or accept your opponent's offer
cmd-takeback = takeback
    .description = Ask to take back your last move, or allow your opponent's request
cmd-hint = hint
    .description = The AI's suggestion for your move (casual and AI games)
cmd-board = board
    .description = Show this channel's board again
cmd-play-link = play-link
    .description = Your own link to play this channel's game on its web page (only you see it)
cmd-moves = moves
    .description = List the legal moves
cmd-pdn = pdn
    .description = This channel's current or last game as a PDN file
cmd-replay = replay
    .description = This channel's current or last game as an animated replay
cmd-analyze = analyze
    .description = The AI's analysis of this channel's last game: mistakes, better moves, accuracy
cmd-block = block
    .description = Block a player: no challenges from them, never paired with them (leave user out: your list)
    .user = user
    .user-description = The player to block
cmd-unblock = unblock
    .description = Unblock a player you blocked
    .user = user
    .user-description = The player to unblock
cmd-seek = seek
    .description = Wait for an opponent on a clock: the bot pairs you with a player near your rating
    .clock = clock
    .clock-description = Time control of the pool, like 3+2 or 1d (leave it out: see where you wait, or leave)
    .rated = rated
    .rated-description = Count the game for ratings (default: yes)
    .everywhere = everywhere
    .everywhere-description = Meet the players of every server in the network too (default: no)
cmd-network = network
    .description = Join this server to the network of Dama servers, or leave it (leave it out: whether it is in)
    .join = join
    .join-description = True to join, false to leave (Manage Server)
cmd-leaderboard = leaderboard
    .description = The ratings table
    .scope = scope
    .scope-description = This server or everyone (default: server)
    .speed = speed
    .speed-description = Bullet, blitz, rapid, classical or correspondence (default: the most played)
cmd-stats = stats
    .description = Rating, games and recent results
    .user = user
    .user-description = Whose (default: yours)
cmd-rules = rules
    .description = The rules of Turkish draughts
cmd-help = help
    .description = How to play with this bot
cmd-abort = abort
    .description = Call off this channel's game (admins; players only when the game is damaged)
cmd-language = language
    .description = The language of the bot's replies
    .language = language
    .language-description = Turkish, English, or automatic (Discord's language)
    .scope = scope
    .scope-description = For you, or for the whole server (Manage Server)
choice-white = white
choice-black = black
choice-random = random
choice-easy = easy
choice-medium = medium
choice-hard = hard
choice-master = master
choice-server = server
choice-global = global
choice-tr = Türkçe
choice-en = English
choice-auto = automatic
choice-me = me
choice-bullet = bullet
choice-blitz = blitz
choice-rapid = rapid
choice-classical = classical
choice-correspondence = correspondence
choice-sacrifice = sacrifice
choice-multi-capture = multi-capture
choice-crowning = crowning
choice-king-hunt = king hunt
choice-breakthrough = breakthrough
choice-zugzwang = zugzwang
choice-opposition = opposition
choice-endgame = endgame

## The console (`dama console`)

console-cmd-challenge = challenge [name]
console-cmd-seek = seek [clock]
console-cmd-block = block <name>
console-cmd-unblock = unblock <name>
console-cmd-network = /dama network (on Discord)
console-cmd-ai = ai
console-cmd-move = move <move>
console-cmd-draw = draw
console-cmd-takeback = takeback
console-cmd-resign = resign
console-cmd-hint = hint
console-cmd-analyze = analyze
console-cmd-board = board
console-cmd-moves = moves
console-cmd-abort = abort
console-cmd-channel = channel <name>
console-cmd-language = dama console --lang
console-welcome = Dama console. You are { $name }. Type help for the commands.
console-you-are = You are now { $name }.
console-challenge-tip = ({ $name }: type as { $name }, then accept.)
console-open-challenge-tip = (Anyone: type as <name>, then accept.)
# The console's board as text: the letters of White's man and king, then Black's (one letter
# each, told apart from the dots of empty squares), and the line under it that explains them.
console-board-letters = w W b B
console-board-legend = Pieces: w a white man, W a white king; b a black man, B a black king.
console-board-picture = (board picture: { $path })
console-saved = (saved { $path })
console-pictures-failed = Pictures cannot be written to { $path } ({ $error }); playing on without pictures.
console-empty = Type a command or a move; help lists them.
console-not-a-command = "{ $text }" is not a command or a move; help lists the commands.
console-too-long = That line is too long ({ $count } characters); a move or a command is much shorter.
console-takes-nothing = { $command } takes nothing after it.
console-as-usage = Write as <name>, with one word for the name.
console-challenge-option = "{ $text }" is not a challenge option: use white, black, random, casual or rated.
console-seek-option = "{ $text }" is not a seek option: give a clock (like 3+2 or 1d) and rated or casual.
console-block-usage = Write block <name> or unblock <name>, with one word for the name; block alone lists whom you blocked.
console-move-usage = Write move <move>, like move e3-e4.
console-stats-usage = Write stats, or stats <name>.
console-tournament-usage = Write tournament with one of create, join, leave, standings, pairings, export, start or cancel; for example: tournament create swiss 5+3 rounds 5 name Kahvehane Kupası.
console-tournament-number = A whole number was expected there, not { $text }: for example rounds 5, minutes 90 or pause 2.
console-paired-game = The pool paired you: your game starts in channel { $channel }: enter it with "channel { $channel }".
console-tournament-game = A tournament game starts in channel { $channel }: enter it with "channel { $channel }".
console-leaderboard-usage = Write leaderboard, or leaderboard with a speed: bullet, blitz, rapid, classical or correspondence.
console-clock = That is not a time control on offer: write minutes+seconds, like 5+3, or days a move, like 3d.
console-not-a-level = "{ $text }" is not a level or a colour: choose easy, medium, hard or master, and white or black.
console-channel-usage = Type channel to list the channels, or channel <name> to play in another one (one word).
console-puzzle-no-hint = A puzzle has no hints: finding the move is the puzzle. moves lists the legal moves, board shows the position again; your puzzle is still open.
console-puzzle-theme = "{ $text }" is not a puzzle theme. Type puzzle theme and one of: { $themes }.
console-puzzle-themes = Puzzle themes: { $themes }. Type puzzle theme and one of them for a practice puzzle of that kind.
console-channel-now = You are now in channel { $name }.
console-channels = Channels: { $list }. You are in { $current }.
console-channel-entry = { $name } ({ $game ->
    [none] no game
   *[other] { $game }
})
console-nothing-to-confirm = There is nothing to confirm.
console-not-confirmed = Not confirmed: nothing changed.
console-help =
    Commands (a move can also be typed on its own, like e3-e4 or d4xd6xf6):
      as <name>                         play as someone else (hot seat)
      ai [easy|medium|hard|master] [white|black] [clock]
                                        play the AI (default medium, white)
      challenge [name] [white|black|random] [casual] [clock]
                                        a clock: 5+3, 1/4+0, 10+5 (minutes+seconds) or 3d (days)
      accept | decline | cancel         answer or withdraw the last challenge
      rematch                           play the last game again, colours swapped (the other accepts with rematch)
      seek [clock] [casual] | leave     wait in a clock's pool for an opponent near your rating, or leave it
      block [name] | unblock <name>     never meet a player (block alone lists them)
      move <move>                       play a move
      resign | draw | takeback | hint
      board | moves | pdn | replay | analyze | abort
      leaderboard [bullet|blitz|rapid|classical|correspondence]
      stats [name] | rules | help | quit
      link                              your own link to play the game on its web page (DAMA_PUBLIC_URL or DAMA_WEB_ADDR)
      channel [name]                    list the channels, or play in another (a new one opens)
      puzzle [random]                   today's puzzle, or a practice one
      puzzle theme <theme> | puzzle mine  practice one theme, or your own misses
      puzzle <move> | puzzle stats [name]
      tournament create [swiss|arena] [clock] [rounds N|minutes N] [pause N] [starts 30|20:30] [casual] [name …]
      tournament join | leave | standings | pairings | start | cancel
      tournament export                 the Swiss as a report file (FIDE's TRF), for an arbiter's pairing program
      berserk                           in an Arena, before your first move: half the clock for a point more
    Without a clock a player who does not move for { $hours } hours loses on time.

## The player's card, and the facts under it

stats-rank = { $server ->
    [none] Rank: #{ $global } of all players.
   *[other] Rank: #{ $server } on this server, #{ $global } of all players.
}
stats-peak = Peak rating { $rating }, on { $date }.
stats-streak = Longest winning streak: { $games ->
    [one] one game
   *[other] { $games } games
}.
stats-favourite = Most games against { $opponent } ({ $games ->
    [one] one game
   *[other] { $games } games
}).
stats-tournaments = Tournaments: { $played } played, { $won } won. { $played ->
    [one] Last
   *[other] Latest
}: { $list }.
stats-tournament = { $name }, place { $place } of { $players } ({ $date })
# Day, month and year: "1 Dec 2026" reads the same everywhere English is read.
date = { $day } { $month ->
    [1] Jan
    [2] Feb
    [3] Mar
    [4] Apr
    [5] May
    [6] Jun
    [7] Jul
    [8] Aug
    [9] Sep
    [10] Oct
    [11] Nov
   *[12] Dec
} { $year }
card-rating = { $speed ->
    [bullet] Bullet{" "}
    [blitz] Blitz{" "}
    [rapid] Rapid{" "}
    [classical] Classical{" "}
    [correspondence] Correspondence{" "}
   *[any] {""}
}{ $rating } ± { $margin }
card-others = Also: { $list }
card-other = { $name } { $rating }
card-rank = { $server ->
    [none] #{ $global } of all players
   *[other] #{ $server } on this server · #{ $global } of all players
}
card-peak = Peak { $rating }
card-record = { $wins ->
    [one] 1 win
   *[other] { $wins } wins
} · { $draws ->
    [one] 1 draw
   *[other] { $draws } draws
} · { $losses ->
    [one] 1 loss
   *[other] { $losses } losses
}
card-last-results = Last results
card-result = { $result ->
    [win] W
    [draw] D
   *[loss] L
}
card-favourite = Most games against { $name } ({ $games })
card-streak = Longest winning streak: { $games }
card-tournaments = Tournaments: { $played } played, { $won } won; last: place { $place } of { $players } in { $name }
card-ai = Against the AI: { $list }
card-ai-level = { $level } { $wins }–{ $draws }–{ $losses }
card-no-rated-game = No rated game yet: challenge someone to a rated game to get a rating.

## Puzzles

cmd-puzzle = puzzle
    .description = Today's puzzle (the same for everyone), or a practice one; play it with move
    .move = move
    .move-description = Your move in the puzzle, like e3-e4
    .random = random
    .random-description = A practice puzzle near your puzzle rating (not counted for streaks)
    .theme = theme
    .theme-description = A practice puzzle with this theme
    .mine = mine
    .mine-description = A combination you missed in one of your own games
cmd-puzzle-stats = puzzle-stats
    .description = Puzzle streak, best streak, puzzles solved (per theme too) and puzzle rating
    .user = user
    .user-description = Whose (default: yours)
cmd-puzzle-leaderboard = puzzle-leaderboard
    .description = This server's best puzzle streaks
cmd-puzzle-channel = puzzle-channel
    .description = Where the bot posts the daily puzzle (Manage Server)
    .channel = channel
    .channel-description = The channel (leave empty to stop the daily post)
cmd-web = web
    .description = List this server's leaderboards, running games and tournaments on the web (Manage Server)
    .public = public
    .public-description = True: listed on the web pages; false: not listed (games stay reachable by their links)
console-cmd-puzzle = puzzle <move>
console-cmd-puzzle-random = puzzle random
console-cmd-puzzle-theme = puzzle theme <theme>   (puzzle theme alone lists them)
console-cmd-puzzle-mine = puzzle mine
button-leave-puzzle = Leave it (counts as a miss)
button-solve-puzzle = Solve it
button-join-tournament = Join
button-leave-tournament = Leave
button-leave-pool = Leave the pool
button-rematch = Rematch
button-berserk = Berserk
caption-puzzle = { $side ->
    [white] White
   *[black] Black
} to play and { $goal ->
    [material] win material in { $moves }
   *[win] win in { $moves }
}
caption-puzzle-solved = Solved!
puzzle-today = Today's puzzle ({ $date })
puzzle-practice = Practice puzzle
puzzle-shown = { $head } { $stars }: { $side ->
    [white] White
   *[black] Black
} to play and { $goal ->
    [material] win material (two men or more, kept)
   *[win] win
} in { $moves ->
    [one] one move
   *[other] { $moves } moves
}. Give your move with { $puzzle }; { $tries ->
    [one] one try left
   *[other] { $tries } tries left
}.
puzzle-right = Right: you played { $played }, and the other side answers { $defence }. Now { $goal ->
    [material] win the material
   *[win] win
} in { $moves ->
    [one] one more move
   *[other] { $moves } more moves
}.
puzzle-wrong = That move does not { $goal ->
    [material] win material
   *[win] win
} in { $moves ->
    [one] one move
   *[other] { $moves } moves
}. { $tries ->
    [one] One try left.
   *[other] { $tries } tries left.
}
puzzle-same-try = You sent that move already; it counted once.
puzzle-leave-first = Your practice puzzle is not finished, and you have played in it: leaving it now counts as a miss and lowers your puzzle rating. { $surface ->
    [discord] Press the button to leave it for a new one, or play on in it.
   *[console] Type yes to leave it for a new one, or no (or just play on) to keep it.
}
puzzle-left-after-a-try = The practice puzzle you left counts as failed, since you had tried a move in it. { $rating }
puzzle-solved = Solved! { $kind ->
    [daily] { $streak ->
        [one] Your streak starts: one day.
       *[other] Streak: { $streak } days in a row.
    }
   *[practice] Well played.
}{ $missed ->
    [yes] {" "}It took more than one try, so your puzzle rating counts it as missed.
   *[no] {""}
} { $rating }
puzzle-failed = No tries left. The solution: { $solution }. { $kind ->
    [daily] Your streak starts again tomorrow.
   *[practice] Try another one.
} { $rating }
puzzle-rating-change = Puzzle rating { $before } → { $after }.
puzzle-already-done = { $kind ->
    [daily] { $solved ->
        [yes] You solved today's puzzle.
       *[no] Today's puzzle is over for you.
    } A new one comes at midnight, Türkiye time.
   *[practice] { $solved ->
        [yes] You solved this puzzle.
       *[no] This puzzle is over for you.
    }
} The solution: { $solution }. For more, ask for { $practice }.
puzzle-stats = Puzzles of { $user }: streak { $streak ->
    [one] one day
   *[other] { $streak } days
}, best { $best ->
    [one] one day
   *[other] { $best } days
}; daily puzzles solved { $solved }, missed { $failed }; practice puzzles solved { $practice }; puzzle rating { $rating }.{ $today ->
    [yes] {" "}Today's puzzle: solved.
   *[no] {""}
}
puzzle-leaderboard-title = {"**"}Best puzzle streaks on this server**
puzzle-leaderboard-row = { $rank }. { $user }: streak { $streak }, best { $best }, solved { $solved }
puzzle-no-solvers = Nobody here has solved a daily puzzle yet. Be the first: { $puzzle }.
puzzle-channel-set = The daily puzzle will be posted in { $channel } every day after midnight, Türkiye time.
puzzle-channel-cleared = The daily puzzle will no longer be posted here.
puzzle-daily = {"**"}Daily puzzle, { $date }** { $stars }: { $side ->
    [white] White
   *[black] Black
} to play and { $goal ->
    [material] win material
   *[win] win
} in { $moves ->
    [one] one move
   *[other] { $moves } moves
}. Press the button to solve it privately; three tries.
puzzle-no-practice-left = You have tried every practice puzzle there is. Well done! Come back for the daily puzzle.
puzzle-no-theme-left = You have tried every practice puzzle with the theme { $theme }. Pick another theme, or leave the theme out.
puzzle-none-mined = No puzzle from your own games is waiting: none of your finished games had a combination you missed, or you have tried them all. Finished games are looked at within a few minutes of their end.
puzzle-from-game = { $yours ->
    [yes] From one of your games ({ $date }): you had this combination and missed it.
   *[no] From a game on this server ({ $date }).
}
puzzle-stats-themes = By theme (solved/tried): { $themes }.
puzzle-stats-theme = { $theme } { $solved }/{ $tried }
puzzle-theme-sacrifice = sacrifice
puzzle-theme-multi-capture = multi-capture
puzzle-theme-crowning = crowning
puzzle-theme-king-hunt = king hunt
puzzle-theme-breakthrough = breakthrough
puzzle-theme-zugzwang = zugzwang
puzzle-theme-opposition = opposition
puzzle-theme-endgame = endgame
error-no-puzzles = No puzzles are installed on this bot.
error-puzzle-over = That puzzle is over for you. Open a new one with { $puzzle }.
error-server-only = That works in a server, not in direct messages.
error-web-needs-manage-server = Only members with the Manage Server permission can list this server on the web pages.
error-puzzle-channel-needs-manage-server = Only members with the Manage Server permission can choose where the daily puzzle is posted.

## Analysis

analysis-title = { $white } – { $black } · { $result }
analysis-accuracy = { $side ->
    [white] White
   *[black] Black
} ({ $name }): accuracy { $accuracy }% · { $inaccuracies ->
    [one] one inaccuracy
   *[other] { $inaccuracies } inaccuracies
}, { $mistakes ->
    [one] one mistake
   *[other] { $mistakes } mistakes
}, { $blunders ->
    [one] one blunder
   *[other] { $blunders } blunders
}
analysis-better = better: { $move }
analysis-move = { $move } { $judgement ->
    [blunder] blunder
    [mistake] mistake
   *[inaccuracy] inaccuracy
}: winning chances { $before }% → { $after }%; { $better }
analysis-comment = { $judgement ->
    [blunder] Blunder
    [mistake] Mistake
   *[inaccuracy] Inaccuracy
} (winning chances { $before }% → { $after }%); { $better }
analysis-asked = An analysis request: { $by } would like the AI to analyse this game now. { $other }, use { $analyze } too if you agree: you will both see what every move was worth.
analysis-done = Analysis of game { $game }: the evaluation across the game with its turning points, and the game with comments as PDN.
analysis-progress = Analysing the game… { $percent }%

## Tournaments
tournament-created = { $kind ->
    [swiss] A Swiss tournament
   *[arena] An Arena
}, **{ $name }**: { $clock }, { $length }, { $rated ->
    [yes] rated
   *[no] casual
}. { $start }{ $open ->
    [yes] { $surface ->
        [discord] {" "}Join with the button below.
       *[console] {" "}Join with "tournament join".
    }
   *[no] {""}
}
tournament-under-way = It is under way.
tournament-is-over = It is over: the final standings are in its thread.
tournament-is-called-off = It was called off.
tournament-players = { $players ->
    [one] One player has joined.
   *[other] { $players } players have joined.
}
tournament-rounds = { $rounds } rounds
tournament-minutes = { $minutes } minutes
tournament-starts-at = It starts { $when }.
tournament-starts-by-hand = It starts when its organiser starts it.
tournament-joined = Welcome to { $name }, { $user }: { $players ->
    [one] one player
   *[other] { $players } players
} now.{ $missed ->
    [0] {""}
    [one] {" "}You missed one round: it counts half a point.
   *[other] {" "}You missed { $missed } rounds: each counts half a point.
}
tournament-left = Withdrawn from { $name }: { $user }. { $players ->
    [one] One player is
   *[other] { $players } players are
} left; joining again brings a player back.
tournament-started = The tournament { $name } has begun with { $players } players.
tournament-exported = { $name } as FIDE's tournament report file (TRF-16), for arbiters and pairing programs: `dama swiss pair` pairs its next round the same.
tournament-cancelled = { $few ->
    [yes] Not enough players: { $name } needed at least 2 at its start, so it is called off.
   *[no] Called off by its organiser: { $name }. Games still running are played out.
}
tournament-round = Round { $round } of { $rounds }, { $name }:
tournament-game = { $board ->
    [0] {""}
   *[other] Board { $board }:{" "}
}{ $white } (White) against { $black } (Black)
tournament-round-starts = The games start { $when }, White moving first.
tournament-bye = Bye, one point: { $user }
tournament-outside-rules = { $organiser }, round { $round } of { $name } had no pairing within FIDE's absolute rules (C.04.3), so it was paired breaking them as little as it could:
tournament-rematch = Played each other before: { $white } and { $black }
tournament-second-bye = A second point without playing: { $user }
tournament-paired = New games:
tournament-standings = { $final ->
    [yes] Final standings
   *[no] Standings
}, { $name }:
tournament-line = { $rank }. { $user }: { $score } { $one ->
    [yes] point
   *[no] points
}{ $kind ->
    [swiss] {" "}(Buchholz cut 1 { $buchholz }, Sonneborn–Berger { $berger })
   *[arena] { $fire ->
        [yes] {" "}(on a streak: games count double)
       *[no] {""}
    }
} { $games }{ $withdrawn ->
    [yes] {" "}(withdrawn)
   *[no] {""}
}
standings-tie-breaks = BC1 { $buchholz } · SB { $berger }
standings-on-fire = on a streak: ×2
standings-more = { $count ->
    [one] and one more player
   *[other] and { $count } more players
}
tournament-finished = { $count ->
    [one] The winner of { $name }: { $winners }! Congratulations.
   *[other] Sharing first place in { $name }: { $winners }! Congratulations.
}
error-tournament-none = There is no tournament on this server right now. A server manager can create one with { $surface ->
    [discord] `/dama tournament create`
   *[console] "tournament create"
}.
error-tournament-not-organiser = Only the tournament's organiser or a server manager (Manage Server) can do that.
error-tournament-already-in = You are in this tournament already.
error-tournament-not-in = You are not in this tournament.
error-tournament-over = That tournament has { $status ->
    [finished] finished
   *[cancelled] been called off
}: there is nothing left to change.
error-tournament-late-join-over = Half of this Swiss tournament's rounds have started, so it takes no more players.
error-tournament-rounds = A Swiss tournament has from { $min } to { $max } rounds: choose a number in between.
error-tournament-pause = Only a live Swiss pauses between rounds, for 0 to { $max } minutes: choose a pause in between, or leave it out.
error-tournament-minutes = An Arena lasts from { $min } to { $max } minutes: choose a length in between.
error-tournament-starts-too-late = A tournament starts within { $days } days: choose an earlier start.
error-tournament-starts-in-the-past = That start has passed: choose a time to come, or minutes from now such as 30.
error-tournament-start-unreadable = That is not a start time: { $text }. Write minutes from now (30, 2h), a clock time in Türkiye time (20:30, or 20:30 UTC), a date and time (2026-12-05 20:30) or a Discord timestamp (<t:1796500000>).
error-tournament-name = A tournament's name has at most { $max } characters, on one line: choose a shorter one.
error-tournament-export-swiss-only = Only a Swiss tournament has a report file: an Arena has no rounds to write in one.
error-tournament-already-started = The tournament has started already: its games are under way, and the standings show where it stands.
error-tournament-not-started = The tournament has not started yet: its pairings and standings come with its first games.
error-tournament-no-berserk = Berserk is only for the live games of an Arena tournament that start with time on the clock (not 0+N).
error-tournament-already-berserk = You have gone berserk in this game already.
error-tournament-berserk-too-late = Berserk is chosen before your first move; this game goes on with your full clock.
error-tournament-too-many = This server already has { $max } tournaments open or under way: let one finish, or cancel one, before creating another.
error-tournament-too-fast = You have created { $max } tournaments in the last hour: you can create the next { $when }.
error-tournament-full = This tournament is full: it takes { $max } players.
tournament-berserk = Berserk! { $user } plays on with half the clock and no increment; a win in { $moves } moves or more earns an extra point.
cmd-tournament = tournament
    .description = Tournaments on this server: Swiss or Arena
cmd-create = create
    .description = Create a tournament (Manage Events or Manage Server)
    .kind = kind
    .kind-description = Swiss (rounds: all paired each round) or Arena (minutes: paired again when a game ends)
    .clock = clock
    .clock-description = Every game's clock: 5+3 is 5 minutes plus 3 seconds a move, 3d is 3 days a move
    .rounds = rounds
    .rounds-description = Swiss: how many rounds, 3 to 15 (default: 5)
    .minutes = minutes
    .minutes-description = Arena: how long, 10 to 720 minutes (default: 60)
    .starts = starts
    .starts-description = Starts by itself: 30 (minutes), 20:30 (Türkiye time), 2026-12-05 20:30, or <t:…> (default: by hand)
    .rated = rated
    .rated-description = Count the games for ratings (default: yes)
    .name = name
    .name-description = The tournament's name
    .pause = pause
    .pause-description = Live Swiss: minutes between a round's pairings and its games, 0 to 10 (default: 1)
cmd-join = join
    .description = Join the tournament on this server
cmd-leave = leave
    .description = Leave the tournament (you can join again)
cmd-standings = standings
    .description = The tournament's standings
cmd-pairings = pairings
    .description = The current round's pairings, or the Arena's running games
cmd-export = export
    .description = The Swiss as FIDE's report file (TRF), for arbiters and pairing programs
cmd-start = start
    .description = Start the tournament now (its organiser)
cmd-cancel = cancel
    .description = Call the tournament off (its organiser)
choice-swiss = Swiss
choice-arena = Arena

## The web pages. Every text is escaped by the page; none holds markup.
web-language-name = English
web-languages = Language
web-not-found-title = Not found
web-not-found = There is no page at this address. A game's page is reached by the link posted with its board.
web-busy = Many pictures are being drawn just now. Please try again in a few seconds.
web-sorry = Sorry, something went wrong on our side. Please try again in a moment.
web-home-title = Dama: Turkish draughts on Discord
web-home-intro = Games played with the dama bot each have a page, live while they run. Servers that chose to be listed show their leaderboards, running games and tournaments here.
web-servers = Servers
web-unnamed-server = A Discord server
web-board-side = { $side ->
    [white] White
   *[black] Black
}: men { $men }; kings { $kings }.
web-board-title = { $ply ->
    [0] The starting position.
   *[other] The position after ply { $ply }, { $move }.
} { $sides }
web-ai = the { $level } AI
web-side-white = White
web-side-black = Black
web-steps = Moves
web-first = First position
web-previous = Previous move
web-next = Next move
web-last = Last move
web-link-used = This link has already opened the game, or a newer one replaced it: a link opens the game once. Ask for a new one with /dama play-link in the game's channel.
web-activity-signing-in = Signing in with Discord…
web-activity-outside = This is the board inside Discord: open it from a game's channel in Discord, with the Play on the board button under its board.
web-activity-refused = Discord did not confirm who you are: close the Activity and open it again.
web-activity-not-set-up = The board inside Discord is not set up for this bot yet: its operator has to set DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET.
web-activity-watching = You are watching this game: only its two players move here.
web-activity-last-game = No game is being played in this channel; here is its last one. Start a new one with { $challenge } or { $seek }.
web-activity-no-game = No game has been played in this channel yet. Start one with { $challenge } or { $seek }, then open the board again.
web-play-open = Open the game
web-play-wait = Wait for your opponent's move.
web-play-white = You play White: click a piece, then where it goes (or drag it), or type the move.
web-play-black = You play Black: click a piece, then where it goes (or drag it), or type the move.
web-play-move = Your move
web-play-send = Play
web-play-route = This capture can go several ways: choose one.
web-play-no-script = Without JavaScript, type your move and press Play; offers and resigning are on the game's buttons in Discord.
web-play-back = Back to the game
web-play-takeback = Ask to take back
web-play-draw-offered = You offered a draw.
web-play-draw-asked = Your opponent offers a draw.
web-play-takeback-offered = You asked to take back the last move.
web-play-takeback-asked = Your opponent asks to take back the last move.
web-play-resign-sure = Resign this rated game? It counts as a loss for your rating. Confirm, or just play on.
web-play-premove = Premove { $move }: played as soon as it is your turn, if it is legal then. Click your piece again to cancel.
web-play-premove-dropped = Your premove { $move } was not legal after your opponent's move, so it was not played.
web-play-sound = Sound on moves and low time
web-play-too-fast = Too many requests from your page at once: wait a moment, then play.
web-live-full-server = Too many live pages are open on this server just now: reload in a minute.
web-live-full-address = Too many live pages are open from your address: close some, then reload.
web-flip = Flip board
web-moves = Moves
web-pdn = Download PDN
web-gif = Animated replay (GIF)
web-game-meta = { $control } · { $rated ->
    [yes] rated
   *[no] casual
} · { $date }
web-being-played = being played
web-called-off = called off
web-white-won-by-forfeit = 1-0, by forfeit
web-black-won-by-forfeit = 0-1, by forfeit
web-running-games = Games being played
web-no-running-games = No game is being played right now.
web-tournaments = Tournaments
web-lobby-title = The lobby
web-lobby-intro = Players waiting for a game, pool by pool (a pool is a clock), counted in every server together, and the games being played now on the listed servers. Seek a game in Discord with `/dama seek`: a wave pairs players near each other's rating every two seconds.
web-lobby-link = The lobby: who waits for a game, and games being played now
web-pools = Pools
web-server-pools = Waiting in this server's pools
web-clock = Clock
web-waiting = Waiting
web-waiting-count = { $count ->
    [0] nobody
    [one] one player
   *[other] { $count } players
}
web-leaderboard = Leaderboard: { $speed }
web-player = Player
web-rating = Rating
web-games = Games
web-score = Score
web-results = Results
web-report-file = Download the report file (FIDE's TRF), for an arbiter's pairing program
web-swiss-rounds = Swiss, { $rounds } rounds
web-arena-minutes = Arena, { $minutes } minutes
web-rated = rated
web-casual = casual
web-turkiye-time = { $time } (Türkiye time)
web-tournament-waiting = { $players ->
    [one] Waiting for players: one has joined.
   *[other] Waiting for players: { $players } have joined.
}
web-tournament-starts = It starts { $when }.
web-tournament-round = Round { $round } of { $rounds } is being played.
web-tournament-round-starts = Its games start { $when }.
web-arena-ends = Under way until { $when }.
web-tournament-under-way = Under way.
web-tournament-over = Over: the final standings.
web-tournament-called-off = Called off.
web-podium = Podium
web-points = { $points } points
web-standings = Standings
web-round-title = Round { $round }
web-round-short = R{ $round }
web-buchholz-cut-1 = Buchholz cut 1: the opponents' points, the weakest left out
web-buchholz-cut-1-short = BC1
web-sonneborn-berger = Sonneborn–Berger: the points of the opponents beaten, and half of those drawn with
web-sonneborn-berger-short = SB
web-withdrawn = withdrawn
web-crosstable-legend = Each round: the opponent's row, ○ White or ● Black, and the result (1 won, ½ drawn, 0 lost, * being played); + and − a game won or lost by forfeit (the loser did not start; not played, so the two may still meet); B the bye (one point); H a round before joining late (half a point); – absent (no point). Ties are broken by Buchholz cut 1, then Sonneborn–Berger, as FIDE's regulations count them.
web-cell-late = Joined later: half a point
web-cell-absent = Absent: no point
web-cell-bye = Bye: one point
web-cell-playing = Being played against { $opponent }, with { $side }
web-cell-forfeit-won = Won by forfeit against { $opponent }, with { $side }
web-cell-forfeit-lost = Lost by forfeit against { $opponent }, with { $side }
web-cell-won = Won against { $opponent }, with { $side }
web-cell-drew = Drew with { $opponent }, with { $side }
web-cell-lost = Lost to { $opponent }, with { $side }
web-rounds = Rounds
web-board = Board
web-result = Result
web-not-started = not started yet
web-ratings = Ratings on listed servers (the rating after the latest game there)
web-speed = Speed
web-record = Won, drawn, lost
web-record-line = { $wins } / { $draws } / { $losses }
web-curve-title = Rating curve
web-curve = Rating from { $from } to { $to } over { $games } rated games
web-puzzles = Puzzles
web-puzzle-line = On listed servers: { $solved } puzzles solved, { $failed } missed.
web-recent-games = Recent games on listed servers
web-none = none
web-puzzle-link = Today's puzzle
web-puzzle-title = Today's puzzle, { $date }
web-puzzle-task = { $side ->
    [white] White
   *[black] Black
} to play and { $goal ->
    [material] win material
   *[win] win
} in { $moves ->
    [one] one move
   *[other] { $moves } moves
} { $stars }
web-puzzle-right = Right: you played { $played }, and the other side answers { $defence }. Now { $goal ->
    [material] win the material
   *[win] win
} in { $moves ->
    [one] one more move
   *[other] { $moves } more moves
}.
web-puzzle-solved = Solved! Well played.
web-puzzle-shown = The solution, played out.
web-puzzle-wrong = { $move } does not { $goal ->
    [material] win material
   *[win] win
} in { $moves ->
    [one] one move
   *[other] { $moves } moves
}. Try another move.
web-puzzle-unreadable = “{ $move }” is not a legal move here. Write a move like e3-e4, or a capture like d4xd6xg6.
web-puzzle-tries = { $tries ->
    [one] One try left today: a move that does not win uses it.
   *[other] { $tries } tries left today: each move that does not win uses one.
}
web-puzzle-out-of-tries = No tries left today from your address. Today's solution is shown nowhere before the day turns (midnight in Türkiye); play yesterday's puzzle meanwhile.
web-puzzle-yesterday-link = Yesterday's puzzle, with its solution
web-puzzle-yesterday-title = Yesterday's puzzle, { $date }
web-puzzle-your-move = Your move
web-puzzle-play = Play
web-puzzle-show = Show the solution
web-puzzle-again = Start again
web-analysis = Analysis
web-analysis-chart = White's winning chances after each move, from the analysis
