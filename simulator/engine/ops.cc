// ops.cc — see ops.h.
#include "ops.h"

#include <new>
#include <utility>
#include <vector>

#include "client_result.h"
#include "handle_view.h"
#include "log.h"
#include "messages.h"
#include "registry.h"
#include "results.h"
#include "sim_strings.h"
#include "value_objects.h"
#include "values.h"

namespace psim {
namespace {

// A span being filled for the receiver, owned here until release(): if filling it throws
// (bad_alloc from the registry or a copy), the registry objects made so far are removed and the
// array freed, instead of leaking both (the receiver never sees the span).
template <class Data, class Elem>
class SpanBuilder {
public:
    explicit SpanBuilder(size_t n) : ptr_(static_cast<Elem *>(Platform_Alloc(n * sizeof(Elem)))), size_(n) {
        if (ptr_ == nullptr) throw std::bad_alloc();
    }
    SpanBuilder(const SpanBuilder &) = delete;
    SpanBuilder &operator=(const SpanBuilder &) = delete;
    ~SpanBuilder() {
        if (ptr_ == nullptr) return;
        for (size_t i = 0; i < added_; ++i) Registry<Data>::get().remove(ptr_[i].opaque);
        Platform_Free(ptr_);
    }
    // Adds the next element (in order, at most the size given).
    void add(Data data) {
        ptr_[added_].opaque = Registry<Data>::get().add(std::move(data));
        ++added_;
    }
    // Adds every element, make(i) giving the i-th, under one registry lock (Registry::addEach).
    template <class Make>
    void addEach(Make &&make) {
        Registry<Data>::get().addEach(size_, std::forward<Make>(make), [this](size_t i, void *opaque) {
            ptr_[i].opaque = opaque;
            added_ = i + 1;
        });
    }
    // The opaque of element i (added).
    void *at(size_t i) const { return ptr_[i].opaque; }
    // The filled span, now the receiver's.
    template <class Span>
    Span release() {
        Span span{ptr_, size_};
        ptr_ = nullptr;
        return span;
    }

private:
    Elem *ptr_;
    size_t size_;
    size_t added_ = 0;
};

// A span of fresh registry objects for the receiver (array from Platform_Alloc, never NULL).
template <class Span, class Elem, class Data, class Src, class Make>
Span makeSpan(const std::vector<Src> &items, Make &&make) {
    SpanBuilder<Data, Elem> span(items.size());
    for (const Src &item : items) span.add(make(item));
    return span.template release<Span>();
}

// History's span: every handle made with its view resolved (handle_view.h), all under one
// WorldPeek at delivery, the views in one block shared by the handles' registry entries
// (span_views.h). The thread that made it keeps the span, so each handle's first getter there
// finds its view without the registry (the binding reads the handles right away, in order, on
// the callback's thread). A view is only a cache: a WorldLock before a getter (another thread
// changing the world) makes it stale and the getter resolves again, exactly as for any handle.
Platform_MessageHandleSpan makeMessageSpan(uint64_t clientKey, const std::vector<MessagePtr> &messages) {
    const size_t n = messages.size();
    // The views before the builder: if addEach throws, the builder's cleanup removes the handles it
    // added, and each removal leaves the span (beforeRemove), so the block must outlive the builder.
    auto views = std::make_shared<SpanViews<MessageView>>(n);
    SpanBuilder<MessageHandleData, Platform_MessageHandle> span(n);
    {
        WorldPeek lk;
        views->seq = lk.w.lockSeq.load(std::memory_order_relaxed);  // stable while the mutex is held
        resolveMessageViews(lk.w, clientKey, messages, views->views.data());
    }
    // Added outside the world mutex (a registry's mutex is never taken inside it here), all under
    // one registry lock.
    // Each handle's entry names its place in the span (a plain pointer: no reference count per
    // handle); its view and the message it pins are the span's.
    span.addEach([&](size_t i) {
        return MessageHandleData{clientKey, messages[i]->id, nullptr, {}, SpanMember<MessageView>(views.get(), i)};
    });
    // A handle the registry had no room for (its opaque is null) is gone from the start: the span's
    // views go with its last registered handle, as they would with its last live one.
    bool anyLive = n > 0;
    SpanViews<MessageView>::Released unregistered;  // the views, when no handle was registered
    for (size_t i = 0; i < n; ++i) {
        views->keys.push_back(opaqueToKey(span.at(i)));
        if (span.at(i) == nullptr && views->leave(i, unregistered)) anyLive = false;
    }
    if (!anyLive) return span.release<Platform_MessageHandleSpan>();
    // The members' one reference (the last to leave takes it), before any handle is handed out.
    views->members = views;
    rememberSpan<MessageHandleData>(std::move(views));
    return span.release<Platform_MessageHandleSpan>();
}

}  // namespace

void invokeOp(const PendingOp &op, const OpOutcome &out) {
    // Voice shapes carry no ClientResult.
    if (op.shape == OpShape::Void) {
        if (op.cb) op.cb.as<Platform_Client_EndCallCallback>()(op.cb.userData());
        return;
    }
    if (op.shape == OpShape::AudioDevice) {
        if (!op.cb) return;
        Platform_AudioDevice d{Registry<AudioDeviceData>::get().add(out.devices.empty() ? AudioDeviceData{} : out.devices.front())};
        op.cb.as<Platform_Client_GetCurrentInputDeviceCallback>()(&d, op.cb.userData());
        return;
    }
    if (op.shape == OpShape::AudioDevices) {
        if (!op.cb) return;
        auto span = makeSpan<Platform_AudioDeviceSpan, Platform_AudioDevice, AudioDeviceData>(
            out.devices, [](const AudioDeviceData &d) { return d; });
        op.cb.as<Platform_Client_GetInputDevicesCallback>()(span, op.cb.userData());
        return;
    }
    // The provisional-merge-required triple fires (at most once) before the main callback.
    if (out.mergeRequired && op.aux) op.aux.as<Platform_Client_ProvisionalUserMergeRequiredCallback>()(op.aux.userData());
    if (!op.cb) return;  // NULL fn: nothing to call (fn_free still runs when op dies)
    Platform_ClientResult r = newClientResult(out.result);
    void *ud = op.cb.userData();
    const auto tokenType = toEnum<Platform_AuthorizationTokenType>(out.tokenType);
    switch (op.shape) {
    case OpShape::Result:
        op.cb.as<Platform_Client_RevokeTokenCallback>()(&r, ud);
        break;
    case OpShape::Authorization:
        op.cb.as<Platform_Client_AuthorizationCallback>()(&r, allocString(out.code), allocString(out.redirectUri), ud);
        break;
    case OpShape::TokenExchange:
        op.cb.as<Platform_Client_TokenExchangeCallback>()(&r, allocString(out.accessToken),
                                                          allocString(out.refreshToken), tokenType,
                                                          out.expiresIn, allocString(out.scopes), ud);
        break;
    case OpShape::ChildToken:
        op.cb.as<Platform_Client_ExchangeChildTokenCallback>()(&r, allocString(out.accessToken), tokenType,
                                                               out.expiresIn, allocString(out.scopes), ud);
        break;
    case OpShape::FetchUser:
        op.cb.as<Platform_Client_FetchCurrentUserCallback>()(&r, out.userId, allocString(out.name), ud);
        break;
    case OpShape::ResultId:
        op.cb.as<Platform_Client_SendUserMessageCallback>()(&r, out.id, ud);
        break;
    case OpShape::ResultString:
        op.cb.as<Platform_Client_JoinLinkedLobbyGuildCallback>()(&r, allocString(out.text), ud);
        break;
    case OpShape::Messages: {
        const Platform_MessageHandleSpan span = makeMessageSpan(out.clientKey, out.messages);
        op.cb.as<Platform_Client_GetLobbyMessagesCallback>()(&r, span, ud);
        break;
    }
    case OpShape::Summaries: {
        auto span = makeSpan<Platform_UserMessageSummarySpan, Platform_UserMessageSummary, UserMessageSummaryData>(
            out.summaries, [](const UserMessageSummaryData &d) { return d; });
        op.cb.as<Platform_Client_UserMessageSummariesCallback>()(&r, span, ud);
        break;
    }
    case OpShape::GuildChannels: {
        auto span = makeSpan<Platform_GuildChannelSpan, Platform_GuildChannel, GuildChannelData>(
            out.guildChannels, [](const GuildChannelData &d) { return d; });
        op.cb.as<Platform_Client_GetGuildChannelsCallback>()(&r, span, ud);
        break;
    }
    case OpShape::Guilds: {
        auto span = makeSpan<Platform_GuildMinimalSpan, Platform_GuildMinimal, GuildMinimalData>(
            out.guilds, [](const GuildMinimalData &d) { return d; });
        op.cb.as<Platform_Client_GetUserGuildsCallback>()(&r, span, ud);
        break;
    }
    case OpShape::ConnectedUser: {
        // A fresh handle the receiver adopts; NULL when nobody is signed in to the desktop client.
        Platform_UserHandle user{};
        if (out.userId != 0) objInit<UserHandleData>(&user, UserHandleData{out.clientKey, out.userId, {}});
        op.cb.as<Platform_Client_GetPlatformClientConnectedUserCallback>()(&r, out.userId != 0 ? &user : nullptr, ud);
        break;
    }
    case OpShape::VoiceSettings: {
        // A fresh record the receiver adopts; NULL when none came (the result failed).
        Platform_VoiceSettings settings{};
        if (out.voiceSettings) objInit<VoiceSettingsData>(&settings, *out.voiceSettings);
        op.cb.as<Platform_Client_GetVoiceSettingsCallback>()(&r, out.voiceSettings ? &settings : nullptr, ud);
        break;
    }
    case OpShape::Void:
    case OpShape::AudioDevice:
    case OpShape::AudioDevices:
        break;  // handled above
    }
}

uint64_t addOp(World &w, ClientState &c, OpShape shape, std::string name, Callback cb, Callback aux) {
    auto op = std::make_unique<PendingOp>();
    op->id = w.nextOpId++;
    op->shape = shape;
    op->name = std::move(name);
    op->cb = std::move(cb);
    op->aux = std::move(aux);
    const uint64_t id = op->id;
    c.ops.emplace(id, std::move(op));
    return id;
}

namespace {

// Runs in RunCallbacks (no lock held): takes the op out of its client and calls it.
void deliverCompletion(uint64_t clientKey, uint64_t opId, const OpOutcome &out, const std::string &logLine,
                       int32_t logSeverity) {
    std::unique_ptr<PendingOp> op;  // destroyed last: fn_free after fn, outside the lock
    {
        WorldLock lk;
        ClientState *c = findClient(lk.w, clientKey);
        if (c == nullptr) return;
        auto it = c->ops.find(opId);
        if (it == c->ops.end()) return;  // already completed (aborted, dropped, reset)
        op = std::move(it->second);
        c->ops.erase(it);
        // The flow ends with its op: a new Authorize/device flow may start.
        if (c->authorize && c->authorize->opId == opId) c->authorize.reset();
        if (c->deviceFlow && c->deviceFlow->opId == opId) c->deviceFlow.reset();
    }
    if (!logLine.empty()) log::emit(clientKey, logSeverity, logLine);
    invokeOp(*op, out);
}

}  // namespace

void completeAt(World &w, uint64_t clientKey, uint64_t opId, uint64_t due, OpOutcome out, std::string logLine,
                int32_t logSeverity) {
    addInvocation(w, due, clientKey, opId,
                  [clientKey, opId, out = std::move(out), logLine = std::move(logLine), logSeverity] {
                      deliverCompletion(clientKey, opId, out, logLine, logSeverity);
                  });
}

void orphanOp(World &w, OpShape shape, std::string name, Callback cb, uint64_t now, Callback aux) {
    auto op = std::make_shared<PendingOp>();
    op->id = 0;
    op->shape = shape;
    op->name = std::move(name);
    op->cb = std::move(cb);
    op->aux = std::move(aux);
    // The closure owns the op: if ResetCallbacks drops the invocation, the op (and its
    // fn_free) goes with it.
    addInvocation(w, now, 0, 0, [op] { invokeOp(*op, outcomeOf(result::clientDestroyed())); });
}

void queueSlotEvent(World &w, uint64_t clientKey, uint64_t due, Slot slot,
                    std::function<void(const Callback &)> call, bool gateway) {
    auto fn = [clientKey, slot, call = std::move(call)] {
        std::shared_ptr<Callback> cb;  // keeps the callback alive if replaced meanwhile
        {
            WorldLock lk;
            if (ClientState *c = findClient(lk.w, clientKey)) cb = (*c).*slot;
        }
        if (cb && *cb) call(*cb);
    };
    if (gateway) {
        addGatewayInvocation(w, due, clientKey, std::move(fn));
    } else {
        addInvocation(w, due, clientKey, 0, std::move(fn));
    }
}

void setSlot(World &w, ClientState &c, Slot slot, Callback cb) {
    auto &s = c.*slot;
    if (s) w.trash.shared.push_back(std::move(s));
    if (cb) {
        s = std::make_shared<Callback>(std::move(cb));
    } else {
        s.reset();
        w.trash.callbacks.push_back(std::move(cb));  // NULL fn: release the triple at once
    }
}

void dropScheduledOf(World &w, const std::function<bool(uint64_t clientKey)> &gone) {
    auto drop = [&](InvocationQueue &inv) {
        for (auto it = inv.begin(); it != inv.end();) {
            if (gone(it->second.clientKey)) {
                w.trash.closures.push_back(std::move(it->second.fn));
                it = inv.erase(it);
            } else {
                ++it;
            }
        }
    };
    drop(w.sched.invocations);
    for (auto &[peer, q] : w.sched.peers) drop(q.invocations);  // a world host's joined processes'
    auto &timers = w.sched.timers;
    for (auto it = timers.begin(); it != timers.end();) {
        it = gone(it->second.clientKey) ? timers.erase(it) : std::next(it);
    }
}

}  // namespace psim
