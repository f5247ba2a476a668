#include "engine/conformance.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <string_view>
#include <utility>

#include "core/error.h"
#include "engine/playout.h"
#include "engine/record.h"
#include "engine/seat_handle.h"
#include "engine/state.h"

namespace quartel::engine {
namespace {

// Where a check failed, for the error message: "dablot seed 3 ply 41: <check>".
struct Place {
  const Game& game;
  std::uint64_t seed;
  int ply;
};

void Expect(bool ok, const Place& at, const std::string& what) {
  if (!ok) throw Error(fmt::format("{} seed {} ply {}: {}", at.game.id(), at.seed, at.ply, what));
}

void CheckCopies(const State& state, const Place& at) {
  auto clone = state.Clone();
  Expect(clone->Equals(state) && state.Equals(*clone), at, "a clone differs from the original");
  auto copy = state.game().NewInitialState();
  copy->CopyFrom(state);
  Expect(copy->Equals(state), at, "CopyFrom gives a different state");
  Expect(clone->ViewJson(kSpectator).dump() == state.ViewJson(kSpectator).dump(), at,
         "a clone renders differently");
}

// Position text and the serialised state give back exactly this state (Stockfish's fen round
// trip): equal, with the same ply count, text, legal actions and every viewer's view.
void CheckPositionText(const State& state, const Place& at) {
  const Game& game = state.game();
  const std::string text = state.PositionText();
  std::unique_ptr<State> restored;
  try {
    restored = game.NewStateFromPosition(text);
  } catch (const Error& e) {
    Expect(false, at, fmt::format("position text '{}' does not parse back: {}", text, e.what()));
  }
  Expect(restored->Equals(state) && state.Equals(*restored), at,
         fmt::format("position text '{}' gives another state", text));
  Expect(restored->PlyCount() == state.PlyCount(), at,
         fmt::format("position text '{}' gives another ply count", text));
  Expect(restored->PositionText() == text, at,
         fmt::format("position text '{}' reads back as '{}'", text, restored->PositionText()));
  Expect(restored->LegalActions() == state.LegalActions(), at,
         fmt::format("position text '{}' gives other legal actions", text));
  for (Seat viewer = kSpectator; viewer < game.NumSeats(); ++viewer) {
    if (viewer == kTerminalSeat || viewer == kChanceSeat) continue;
    Expect(restored->ViewJson(viewer) == state.ViewJson(viewer), at,
           fmt::format("position text '{}' shows viewer {} another view", text, viewer));
    Expect(restored->ViewPositionText(viewer) == state.ViewPositionText(viewer), at,
           fmt::format("position text '{}' gives viewer {} another position text", text, viewer));
  }
  const auto deserialised = DeserializeState(SerializeState(state));
  Expect(deserialised->Equals(state) && deserialised->PlyCount() == state.PlyCount(), at,
         "a serialised state restores to another state");
}

// A seat's view read back (Game::NewStateFromView, what `quartel engine`'s `position view` hands a
// bot) is a state the seat cannot tell from this one: the same view in both forms, the same seat
// to act and, when it is the seat's decision, the same legal actions.
void CheckViewText(const State& state, const Place& at) {
  const Game& game = state.game();
  for (Seat seat = 0; seat < game.NumSeats(); ++seat) {
    const std::string text = state.ViewPositionText(seat);
    std::unique_ptr<State> read;
    try {
      read = game.NewStateFromView(text, seat);
    } catch (const Error& e) {
      Expect(false, at,
             fmt::format("seat {}'s view '{}' does not read back: {}", seat, text, e.what()));
    }
    // The messages are written only on a failure: this runs along every conformance game.
    const auto failed = [&](const std::string& what) {
      Expect(false, at, fmt::format("seat {}'s view '{}' read back {}", seat, text, what));
    };
    if (const std::string shown = read->ViewPositionText(seat); shown != text) {
      failed("shows it '" + shown + "'");
    }
    if (read->ViewJson(seat) != state.ViewJson(seat)) failed("shows it another JSON view");
    if (read->CurrentSeat() != state.CurrentSeat() || read->IsTerminal() != state.IsTerminal()) {
      failed("has another seat to act");
    }
    if (state.CurrentSeat() == seat && read->LegalActions() != state.LegalActions()) {
      failed("gives the seat other legal actions");
    }
    // What a bot searches is a function of the view alone: the same random numbers draw the same
    // sample from the real state and from its view read back (a sample that kept something the
    // view hides would tell it to the bot).
    Rng first(0x9e3779b9u + static_cast<std::uint64_t>(seat)), second = first;
    const auto from_state = state.SampleConsistentState(seat, first);
    const auto from_view = read->SampleConsistentState(seat, second);
    if (!from_state->Equals(*from_view)) {
      failed("samples another state than the real one: a sample depends on what it hides ('" +
             from_state->PositionText() + "' against '" + from_view->PositionText() + "')");
    }
  }
}

void CheckChance(const State& state, const std::vector<Action>& legal, const Place& at) {
  const auto outcomes = state.ChanceOutcomes();
  double total = 0;
  std::vector<Action> actions;
  for (const auto& outcome : outcomes) {
    Expect(outcome.probability > 0, at, "a chance outcome has probability <= 0");
    total += outcome.probability;
    actions.push_back(outcome.action);
  }
  Expect(std::abs(total - 1.0) < 1e-9, at, fmt::format("chance probabilities sum to {}", total));
  std::sort(actions.begin(), actions.end());
  Expect(actions == legal, at, "chance outcomes and legal actions differ");
}

void CheckLegalActions(const State& state, const std::vector<Action>& legal, const Place& at) {
  Expect(!legal.empty(), at, "a non-terminal state has no legal action");
  Expect(std::adjacent_find(legal.begin(), legal.end(),
                            [](Action a, Action b) { return a >= b; }) == legal.end(),
         at, "legal actions are not sorted and unique");
  const int limit = state.game().NumDistinctActions();
  for (Action action : legal) {
    Expect(action >= 0 && action < limit, at, fmt::format("action {} is out of range", action));
    Expect(state.WhyIllegal(action).empty(), at,
           fmt::format("legal action {} is called illegal: {}", action, state.WhyIllegal(action)));
    const std::string text = state.ActionToString(action);
    Action parsed = -1;
    try {
      parsed = state.StringToAction(text);
    } catch (const Error& e) {
      Expect(false, at, fmt::format("notation '{}' does not parse back: {}", text, e.what()));
    }
    Expect(parsed == action, at,
           fmt::format("notation '{}' parses to {} not {}", text, parsed, action));
  }
}

void CheckIllegalRefused(const State& state, const std::vector<Action>& legal, Rng& rng,
                         int samples, const Place& at) {
  const int limit = state.game().NumDistinctActions();
  std::vector<Action> candidates = {-1, limit, static_cast<Action>(rng.Below(limit))};
  for (int i = 0; i < samples; ++i) candidates.push_back(static_cast<Action>(rng.Below(limit)));
  for (Action action : candidates) {
    if (std::binary_search(legal.begin(), legal.end(), action)) continue;
    Expect(!state.WhyIllegal(action).empty(), at,
           fmt::format("illegal action {} has no reason", action));
    auto copy = state.Clone();
    bool refused = false;
    try {
      copy->ApplyAction(action);
    } catch (const Error&) {
      refused = true;
    }
    Expect(refused, at, fmt::format("illegal action {} was accepted", action));
    Expect(copy->Equals(state), at, fmt::format("refusing action {} changed the state", action));
  }
}

void CheckViews(const State& state, const Place& at) {
  const Game& game = state.game();
  std::vector<float> tensor(game.TensorSize());
  for (Seat viewer = kSpectator; viewer < game.NumSeats(); ++viewer) {
    if (viewer == kTerminalSeat || viewer == kChanceSeat) continue;
    Expect(!state.ViewJson(viewer).dump().empty(), at, "an empty JSON view");
    Expect(!state.ViewText(viewer, true).empty(), at, "an empty text view");
    state.ViewTensor(viewer, tensor);
    Expect(std::all_of(tensor.begin(), tensor.end(), [](float v) { return std::isfinite(v); }), at,
           "the tensor view has a non-finite value");
    // The handle shows a viewer legal actions (and a mask) on its own decision only.
    const SeatHandle handle(state, viewer);
    const auto shown = handle.LegalActions();
    const auto mask = handle.LegalActionMask();
    Expect(static_cast<int>(mask.size()) == game.NumDistinctActions(), at,
           "the action mask has the wrong size");
    Expect(std::count(mask.begin(), mask.end(), 1) == static_cast<long>(shown.size()), at,
           "the action mask and the legal actions shown differ");
    if (state.CurrentSeat() == viewer) {
      Expect(shown == state.LegalActions(), at, "a seat is not shown its own legal actions");
    } else {
      Expect(shown.empty(), at, fmt::format("viewer {} is shown another's legal actions", viewer));
    }
  }
  const std::vector<std::string> layout = game.TensorLayout();
  Expect(layout.empty() || static_cast<int>(layout.size()) == game.TensorShape().front(), at,
         "TensorLayout() does not name every slice of the tensor");
}

// The tensor carries exactly the information of the JSON view (issue 9, section 4), checked along
// the random games, per viewer: two views with equal JSON must have equal tensors (the tensor holds
// nothing else, perhaps hidden), and two with different JSON different tensors (it lacks nothing).
class TensorAgreement {
 public:
  void Check(const State& state, const Place& at) {
    const Game& game = state.game();
    std::vector<float> tensor(game.TensorSize());
    for (Seat viewer = kSpectator; viewer < game.NumSeats(); ++viewer) {
      state.ViewTensor(viewer, tensor);
      const std::size_t tensor_hash = std::hash<std::string_view>()(std::string_view(
          reinterpret_cast<const char*>(tensor.data()), tensor.size() * sizeof(float)));
      const std::size_t json_hash = std::hash<std::string>()(state.ViewJson(viewer).dump());
      const Seen seen{at.seed, at.ply};
      const auto [by_tensor, new_tensor] =
          json_of_tensor_.try_emplace({viewer, tensor_hash}, json_hash, seen);
      Expect(new_tensor || by_tensor->second.first == json_hash, at,
             fmt::format("viewer {}'s tensor is the same as at seed {} ply {}, its JSON view is "
                         "not: the tensor lacks something the JSON view shows",
                         viewer, by_tensor->second.second.seed, by_tensor->second.second.ply));
      const auto [by_json, new_json] =
          tensor_of_json_.try_emplace({viewer, json_hash}, tensor_hash, seen);
      Expect(new_json || by_json->second.first == tensor_hash, at,
             fmt::format("viewer {}'s JSON view is the same as at seed {} ply {}, its tensor is "
                         "not: the tensor holds something the JSON view does not show",
                         viewer, by_json->second.second.seed, by_json->second.second.ply));
    }
  }

 private:
  struct Seen {
    std::uint64_t seed;
    int ply;
  };
  using Key = std::pair<Seat, std::size_t>;  // the viewer and a hash of one of its views
  std::map<Key, std::pair<std::size_t, Seen>> json_of_tensor_, tensor_of_json_;
};

// Answers (or refusals) to questions at the table (State::Inquire), put together from the words
// of the first actions' notation as the viewer knows it ("place 1 alasca" gives "borders alasca"
// and "odds alasca mackenzie"): the questions a player would ask, on ground the viewer may know.
std::string InquiriesAnswered(const SeatHandle& handle) {
  std::vector<std::string> queries = {"odds 3 2", "odds 10 4"};
  std::string previous;
  const int actions = std::min(8, handle.game().NumDistinctActions());
  for (Action action = 0; action < actions; ++action) {
    const std::string notation = handle.ActionToString(action);
    const std::string word = notation.substr(notation.find_last_of(' ') + 1);
    queries.push_back("borders " + word);
    if (!previous.empty()) queries.push_back(fmt::format("odds {} {}", previous, word));
    previous = word;
  }
  std::string out;
  for (const std::string& query : queries) {
    try {
      const auto answer = handle.Inquire(query);
      out += fmt::format("\n{}: {}", query, answer ? *answer : "(no such question)");
    } catch (const Error& e) {
      out += fmt::format("\n{}: {}", query, e.what());
    }
  }
  return out;
}

// Every path out of the engine for `viewer`, as one text: two states the viewer cannot tell apart
// must give the same text. The views (JSON, text, tensor, position text), the handle's version and
// whether it shows a turn in progress, the legal actions and mask the viewer is shown, the
// facts (and so the notation) of every action id as it may see it, and what it is told when it
// types a command or sends an action, with the version right, stale, or any of a few fixed numbers
// (a caller could otherwise find the version by trying: rulings, the number of setup placements is
// secret). `action_ids`: whose facts are compared: none, or every id from `first_id` in steps of
// `id_step` (every id when the step is 1).
struct ActionIds {
  bool any = false;
  int first_id = 0, id_step = 1;
};

// Every action id, or in a game of thousands of ids (WAR-II's attacks, moves and transports) a
// thousand of them, starting where `turn` says: each check compares other ids, and a game's
// checks together cover them all, at a third of the cost.
ActionIds SomeActionIds(const Game& game, int turn) {
  constexpr int kMostIds = 1024;
  const int ids = game.NumDistinctActions();
  const int step = (ids + kMostIds - 1) / kMostIds;
  return ActionIds{true, turn % step, step};
}

std::string EverythingShown(const State& state, Seat viewer, ActionIds action_ids) {
  const SeatHandle handle(state, viewer);
  std::string out = fmt::format("{}\n{}\n{}\nversion {} mid-turn {}\n", handle.ViewJson().dump(),
                                handle.ViewText(false), handle.ViewPositionText(), handle.version(),
                                handle.MidTurn());
  const std::vector<float> tensor = handle.ViewTensor();
  out.append(reinterpret_cast<const char*>(tensor.data()), tensor.size() * sizeof(float));
  out += "\nlegal:";
  for (Action action : handle.LegalActions()) out += fmt::format(" {}", action);
  out += InquiriesAnswered(handle);
  if (action_ids.any) {
    // The facts of the action ids: the notation is written from them (or, where a game has not
    // said more, they carry the notation's words).
    out += "\nfacts:";
    for (Action action = action_ids.first_id; action < state.game().NumDistinctActions();
         action += action_ids.id_step) {
      out += ' ';
      out += handle.ActionFacts(action).dump();
    }
  }
  if (!handle.IsMyDecision()) {  // a seat's own decision is its own to know in full
    const auto told = [&](auto&& attempt) {
      try {
        attempt();
      } catch (const Error& e) {
        return std::string(e.what());
      }
      return std::string("accepted");
    };
    for (int version : {handle.version(), handle.version() + 1, 0, 40}) {
      out += fmt::format("\n{}\n{}", told([&] { (void)handle.ParseTurn("a1-a2", version); }),
                         handle.WhyRefused(0, version));
    }
  }
  return out;
}

// Hidden information: a state the seat cannot tell apart must show the seat everything the same way
// (every path out: EverythingShown) and, when it is that seat's turn, give the same legal actions.
// What the spectator is shown is public, which every seat knows: the same in any seat's sample.
// `deep`: every path out for the seat and the spectator (EverythingShown), else the seat's views;
// `every_action`: with the facts of the action ids too (SomeActionIds).
void CheckHiddenInvariance(const State& state, Rng& rng, bool deep, bool every_action,
                           const Place& at) {
  if (!state.game().info().hidden_information) return;
  for (Seat seat = 0; seat < state.game().NumSeats(); ++seat) {
    auto sampled = state.SampleConsistentState(seat, rng);
    if (deep) {  // EverythingShown includes the JSON and text views
      for (Seat viewer : {seat, kSpectator}) {
        const ActionIds ids =
            every_action ? SomeActionIds(state.game(), state.PlyCount() / 128) : ActionIds{};
        const std::string shown = EverythingShown(state, viewer, ids);
        const std::string other = EverythingShown(*sampled, viewer, ids);
        if (shown == other) continue;
        const auto differs = std::mismatch(shown.begin(), shown.end(), other.begin(), other.end());
        const std::size_t at_byte = static_cast<std::size_t>(differs.first - shown.begin());
        const std::size_t start = at_byte < 60 ? 0 : at_byte - 60;
        Expect(false, at,
               fmt::format("viewer {} is shown something that depends on what seat {} cannot "
                           "know: '{}' or '{}'",
                           viewer, seat, shown.substr(start, 160), other.substr(start, 160)));
      }
    } else {
      Expect(sampled->ViewJson(seat) == state.ViewJson(seat), at,
             fmt::format("a state consistent with seat {}'s view shows it something else", seat));
      Expect(sampled->ViewText(seat, false) == state.ViewText(seat, false), at,
             fmt::format("seat {}'s text view depends on what it cannot know", seat));
    }
    if (state.CurrentSeat() == seat) {
      Expect(sampled->LegalActions() == state.LegalActions(), at,
             fmt::format("seat {}'s legal actions depend on what it cannot know", seat));
    }
    // Sampling itself must not depend on the hidden part: from two states the seat cannot tell
    // apart, the same random numbers give the same sample (else a seeded bot would leak).
    const std::uint64_t seed = rng.Next();
    Rng first(seed), second(seed);
    auto other = state.SampleConsistentState(seat, rng);
    Expect(sampled->SampleConsistentState(seat, first)
               ->Equals(*other->SampleConsistentState(seat, second)),
           at, fmt::format("seat {}'s samples depend on what it cannot know", seat));
  }
}

// Hidden information in the flow of the game (rulings, "Common to every game": a phase that ends by
// itself for one hand and waits for the player with another tells the others what the hand
// holds). The seat to act plays `action` in the state and in a state another seat cannot tell
// apart from it, where the action is legal there too; for that seat the game must go on the same
// way: the same seat to act, the same MidTurn, the same phase in its view. Endings are exempt: the
// rules end a game when a hidden objective is met or a Flag taken, and an ending reveals all.
void CheckHiddenFlow(const State& state, Action action, Rng& rng, const Place& at) {
  if (!state.game().info().hidden_information || state.IsChanceNode()) return;
  const Seat actor = state.CurrentSeat();
  auto played = state.Clone();
  played->DoApplyAction(action, nullptr);
  for (Seat seat = 0; seat < state.game().NumSeats(); ++seat) {
    if (seat == actor) continue;
    auto other = state.SampleConsistentState(seat, rng);
    // A sample with another number of actions behind it (an opponent's setup in progress, whose
    // length is secret) ends that phase at another moment: the end itself is public.
    if (other->PlyCount() != state.PlyCount() || !other->WhyIllegal(action).empty()) continue;
    const std::string other_described =
        other->DescribeTurn({&action, 1}, seat) + other->TurnSteps({&action, 1}, seat).dump();
    other->DoApplyAction(action, nullptr);
    if (played->IsTerminal() || other->IsTerminal()) continue;
    const std::string told =
        fmt::format("after {} by seat {}, seat {} can tell what it may not know: ",
                    state.ActionToStringFor(action, seat), actor, seat);
    Expect(played->CurrentSeat() == other->CurrentSeat(), at, told + "who acts next differs");
    Expect(played->MidTurn() == other->MidTurn(), at, told + "whether the turn goes on differs");
    const Json view = played->ViewJson(seat);
    const Json other_view = other->ViewJson(seat);
    // The action told in words: as the seat's view after it, unless the action itself showed the
    // seat something (a combat reveals both ranks), when the view after it differs too.
    if (view == other_view) {
      const std::string described =
          state.DescribeTurn({&action, 1}, seat) + state.TurnSteps({&action, 1}, seat).dump();
      Expect(described == other_described, at,
             told + fmt::format("the turn is told as '{}' or '{}'", described, other_described));
    }
    if (view.is_object() && view.contains("phase")) {
      Expect(view.at("phase") == other_view.value("phase", Json()), at,
             told + fmt::format("the phase is {} or {}", view.at("phase").dump(),
                                other_view.value("phase", Json()).dump()));
    }
  }
}

// Hidden information in which action was played: actions a viewer's notation cannot tell apart
// (another seat's card drawn, "preta draws a card"; another seat's placement, "a hidden
// placement") are told to it alike: in their facts, and in the words and steps of the turn. The
// notation itself is compared between states the viewer cannot tell apart (EverythingShown). Every
// chance outcome, or up to eight legal actions, for every viewer.
void CheckActionsToldAlike(const State& state, const std::vector<Action>& legal, Rng& rng,
                           const Place& at) {
  if (!state.game().info().hidden_information) return;
  std::vector<Action> actions = legal;
  if (!state.IsChanceNode() && actions.size() > 8) {
    for (std::size_t i = 0; i < 8; ++i) {
      std::swap(actions[i], actions[i + rng.Below(static_cast<std::uint32_t>(actions.size() - i))]);
    }
    actions.resize(8);
  }
  std::vector<Seat> viewers = {kSpectator};
  for (Seat seat = 0; seat < state.game().NumSeats(); ++seat) viewers.push_back(seat);
  for (Seat viewer : viewers) {
    std::map<std::string, std::pair<Action, std::string>> told_by_notation;  // the first of each
    for (Action action : actions) {
      // The facts may not tell apart what the words do not (structured data could say what a
      // sentence hid), and the steps of the turn are told alike with its words.
      const std::string told = fmt::format("{} {} {}", state.ActionFacts(action, viewer).dump(),
                                           state.DescribeTurn({&action, 1}, viewer),
                                           state.TurnSteps({&action, 1}, viewer).dump());
      const auto [first, inserted] =
          told_by_notation.try_emplace(state.ActionToStringFor(action, viewer), action, told);
      Expect(inserted || first->second.second == told, at,
             fmt::format("viewer {} cannot tell actions {} and {} apart ('{}'), but is told '{}' "
                         "or '{}'",
                         viewer, first->second.first, action, first->first, first->second.second,
                         told));
    }
  }
}

void CheckUndo(const State& state, Action action, const Place& at) {
  if (!state.SupportsUndo()) return;
  auto copy = state.Clone();
  UndoInfo undo;
  copy->DoApplyAction(action, &undo);
  copy->UndoAction(action, undo);
  Expect(copy->Equals(state), at,
         fmt::format("undoing action {} does not restore the state", action));
}

void CheckRecordRoundTrip(const Match& match, const Place& at) {
  const std::string text = RecordToJson(match.record()).dump();
  Match replayed = Match::Replay(RecordFromJson(text));
  Expect(replayed.state().Equals(match.state()), at, "replaying the record gives another state");
}

void CheckTerminal(const State& state, const Place& at) {
  const int seats = state.game().NumSeats();
  const auto results = state.Results();
  const auto returns = state.Returns();
  Expect(static_cast<int>(results.size()) == seats, at, "Results() has the wrong size");
  Expect(static_cast<int>(returns.size()) == seats, at, "Returns() has the wrong size");
  const Game& game = state.game();
  double total = 0;
  const bool all_alike = std::all_of(results.begin(), results.end(),
                                     [&](Outcome outcome) { return outcome == results.front(); });
  for (int seat = 0; seat < seats; ++seat) {
    Expect(returns[seat] >= game.MinUtility() && returns[seat] <= game.MaxUtility(), at,
           fmt::format("return {} is outside the game's bounds [{}, {}]", returns[seat],
                       game.MinUtility(), game.MaxUtility()));
    total += returns[seat];
    // Where all seats have the same outcome (all lost, all drew), none did better than another.
    if (all_alike) {
      Expect(std::abs(returns[seat] - returns[0]) < 1e-9, at,
             "seats with the same outcome score differently");
      continue;
    }
    if (results[seat] == Outcome::kWin) Expect(returns[seat] > 0, at, "a win scores <= 0");
    if (results[seat] == Outcome::kLoss) Expect(returns[seat] < 0, at, "a loss scores >= 0");
  }
  Expect(std::abs(total - game.UtilitySum()) < 1e-9, at,
         fmt::format("returns sum to {}, not {}", total, game.UtilitySum()));
}

// An ending outside the rules (State::EndGame, where the game implements it) ends the game with
// exactly the results given, and then nothing is hidden: the only state a seat cannot tell apart
// from it is itself. The results given take turns between one loser (a resignation), one winner
// among draws (a loss on time), everyone losing (all left) and a draw agreed, so that the
// utility bounds (CheckTerminal) hold for every kind of ending.
void CheckEndGame(const State& state, TensorAgreement& tensors, const Place& at) {
  const int seats = state.game().NumSeats();
  const Seat seat = state.PlyCount() % seats;
  const int kind = state.PlyCount() / 16 % 4;
  const EndReason reasons[] = {EndReason::kResignation, EndReason::kTime, EndReason::kAbandoned,
                               EndReason::kAgreement};
  const Outcome others[] = {Outcome::kWin, Outcome::kDraw, Outcome::kLoss, Outcome::kDraw};
  const Outcome own[] = {Outcome::kLoss, Outcome::kWin, Outcome::kLoss, Outcome::kDraw};
  std::vector<Outcome> results(seats, others[kind]);
  results[seat] = own[kind];
  auto ended = state.Clone();
  if (!ended->EndGame(reasons[kind], results)) return;
  Expect(ended->IsTerminal(), at, "EndGame left the game going on");
  Expect(ended->Results() == results, at, "EndGame's results are not the ones given");
  CheckTerminal(*ended, at);
  CheckViews(*ended, at);
  tensors.Check(*ended, at);
  Rng rng(static_cast<std::uint64_t>(state.PlyCount()));
  for (Seat seat = 0; seat < seats; ++seat) {
    Expect(ended->SampleConsistentState(seat, rng)->Equals(*ended), at,
           fmt::format("after EndGame seat {} may still not know everything", seat));
  }
}

// Every ply up to max_checked_plies, then every 64th up to ten times that, then at powers of two:
// some checks replay the whole record, and random WAR games run to tens of thousands of actions.
bool CheckThisPly(int ply, const ConformanceOptions& options) {
  if (options.max_checked_plies <= 0 || ply < options.max_checked_plies) return true;
  if (ply < 10 * options.max_checked_plies) return ply % 64 == 0;
  return (ply & (ply - 1)) == 0;
}

// Plays one random game, with every check when `checked`; returns its record for the determinism
// check (the checks must not change the game: the same seed gives the same record either way).
Record PlayGame(const Game& game, std::uint64_t seed, const ConformanceOptions& options,
                bool checked, TensorAgreement& tensors) {
  Rng rng(seed);
  Rng check_rng(seed ^ 0x5bd1e995);
  Match match(game.shared_from_this(), {});
  std::vector<Action> legal;
  while (true) {
    const State& state = match.state();
    const Place at{game, seed, state.PlyCount()};
    Expect(state.PlyCount() == static_cast<int>(match.record().actions.size()), at,
           "PlyCount() differs from the number of actions applied");
    Expect(state.PlyCount() <= game.MaxGameLength(), at, "the game is longer than MaxGameLength");
    const bool full = checked && CheckThisPly(state.PlyCount(), options);
    if (checked) state.CheckConsistency();
    if (full) {
      CheckCopies(state, at);
      CheckViews(state, at);
      // The deep checks (every path out for every viewer, the position text round trip) on every
      // fourth ply, and the notation of every action id (or of a thousand, SomeActionIds) for
      // each viewer on every 128th: together they would cost more than all the rest.
      const bool deep = state.PlyCount() % 4 == 1;
      if (deep) {
        CheckPositionText(state, at);
        if (state.PlyCount() % 8 == 1) CheckViewText(state, at);
        tensors.Check(state, at);
      }
      CheckHiddenInvariance(state, check_rng, deep, state.PlyCount() % 128 == 1, at);
      // The record round trip replays the whole game: on the first plies, then at powers of two
      // while plies are checked often (and at the end, below). In a long random WAR game the
      // powers past that were most of the test's time, and the round trip at the end replays
      // every action they did.
      const int ply = state.PlyCount();
      const bool often = options.max_checked_plies <= 0 || ply < 10 * options.max_checked_plies;
      if (ply < 64 || ((ply & (ply - 1)) == 0 && often)) CheckRecordRoundTrip(match, at);
    }
    if (state.IsTerminal()) {
      if (checked) {
        CheckTerminal(state, at);
        CheckRecordRoundTrip(match, at);
      }
      break;
    }
    state.LegalActions(legal);
    if (checked && state.IsChanceNode()) CheckChance(state, legal, at);
    if (full) {
      CheckLegalActions(state, legal, at);
      CheckIllegalRefused(state, legal, check_rng, options.illegal_samples, at);
      if (state.PlyCount() % 4 == 1) CheckActionsToldAlike(state, legal, check_rng, at);
    }
    const Action action = RandomAction(state, rng, legal);
    if (full) {
      CheckUndo(state, action, at);
      CheckHiddenFlow(state, action, check_rng, at);
      if (state.PlyCount() % 16 == 5) CheckEndGame(state, tensors, at);
    }
    match.Apply(action);
  }
  return match.record();
}

}  // namespace

void CheckPositionTextRoundTrip(const State& state) {
  CheckPositionText(state, Place{state.game(), 0, state.PlyCount()});
}

void RunConformance(const Game& game, const ConformanceOptions& options) {
  TensorAgreement tensors;
  for (int i = 0; i < options.games; ++i) {
    const std::uint64_t seed = options.seed + i;
    const Record first = PlayGame(game, seed, options, /*checked=*/true, tensors);
    if (i == 0) {
      const Record again = PlayGame(game, seed, options, /*checked=*/false, tensors);
      Expect(RecordToJson(first).dump() == RecordToJson(again).dump(),
             Place{game, seed, static_cast<int>(first.actions.size())},
             "the same seed gave a different game");
    }
  }
}

}  // namespace quartel::engine
