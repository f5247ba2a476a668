#include "engine/seat_handle.h"

#include <fmt/format.h>

#include "core/error.h"

namespace quartel::engine {
namespace {

Seat CheckedViewer(const State& state, Seat viewer) {
  const int seats = state.game().NumSeats();
  if (viewer == kSpectator || (viewer >= 0 && viewer < seats)) return viewer;
  throw Error(fmt::format("viewer {} is neither a seat of {} (0..{}) nor a spectator", viewer,
                          state.game().id(), seats - 1));
}

}  // namespace

SeatHandle::SeatHandle(const State& state, Seat viewer)
    : SeatHandle(state, viewer, state.PlyCount() - state.ActionsUncountedBy(viewer)) {}

SeatHandle::SeatHandle(const State& state, Seat viewer, int version)
    : state_(&state), viewer_(CheckedViewer(state, viewer)), version_(version) {}

std::vector<float> SeatHandle::ViewTensor() const {
  std::vector<float> out(static_cast<std::size_t>(game().TensorSize()));
  ViewTensor(out);
  return out;
}

std::vector<Action> SeatHandle::LegalActions() const {
  if (!IsMyDecision()) return {};
  return state_->LegalActions();
}

std::vector<std::uint8_t> SeatHandle::LegalActionMask() const {
  std::vector<std::uint8_t> mask(static_cast<std::size_t>(game().NumDistinctActions()), 0);
  for (Action action : LegalActions()) mask[static_cast<std::size_t>(action)] = 1;
  return mask;
}

void SeatHandle::CheckTurn(int version) const {
  if (version != version_) {
    // No numbers: the current version would tell how many actions were played (rulings: the
    // number of placements in a setup is secret).
    throw Error("stale: the game has moved on since the position you answered");
  }
  if (IsSpectator()) throw Error("a spectator does not act");
  const Seat current = state_->CurrentSeat();
  if (current == kTerminalSeat) throw Error("the game is over");
  if (current != viewer_) {
    throw Error(current == kChanceSeat
                    ? std::string("it is not your turn: chance is to act")
                    : fmt::format("it is not your turn: {} is to act", game().SeatName(current)));
  }
}

std::string SeatHandle::WhyRefused(Action action, int version) const {
  try {
    CheckTurn(version);
  } catch (const Error& error) {
    return error.what();
  }
  return state_->WhyIllegal(action);
}

std::vector<Action> SeatHandle::ParseTurn(std::string_view text, int version) const {
  CheckTurn(version);
  return state_->StringToTurn(text);
}

Action SeatHandle::ParseAction(std::string_view text, int version) const {
  CheckTurn(version);
  return state_->StringToAction(text);
}

std::unique_ptr<State> SeatHandle::SampleState(Rng& rng) const {
  if (IsSpectator()) throw Error("a spectator has no seat to sample states for");
  return state_->SampleConsistentState(viewer_, rng);
}

}  // namespace quartel::engine
