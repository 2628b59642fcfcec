# Botun Türkçe sözleri. Buradaki her ileti en-US.ftl dosyasında da aynı bağımsız değişkenlerle
# bulunur (testler denetler). side, color, owner, piece, reason, status, scope, rated, capture,
# crowned ve result birer anahtardır (white, black, man, king, yes, no…): seçiciyle yazılır.
# Oyuncular, hamleler ve listeler hazır metin olarak gelir. Oyuncu adlarına ek getirmemek için
# cümleler ona göre kuruldu ("Sıra sende değil; şimdi … oynayacak").

language-name = Türkçe

## Başka iletilerin içinde kullanılan sözcükler

level-easy = kolay
level-medium = orta
level-hard = zor
level-master = usta
player-ai = { $level } bilgisayar
list-or = { $first } ya da { $last }
list-and = { $first } ve { $last }
list-more = { $count } başka hamle
time-in = { $unit ->
    [seconds] { $count } saniye içinde
    [minutes] { $count } dakika içinde
    [hours] { $count } saat içinde
   *[days] { $count } gün içinde
}

## Davetler

challenge-issued = Yeni davet! { $challenger } seni { $rated ->
    [yes] puanlı
   *[no] puansız
} bir dama oyununa ({ $clock }) davet ediyor, { $challenged }! ({ $color ->
    [white] { $challenger } beyazla oynayacak
    [black] { $challenger } siyahla oynayacak
   *[random] Renkler kurayla belirlenecek
}.) Kabul etmek için { $minutes } dakikan var.
open-challenge-issued = Açık davet! { $challenger } buradaki herkese { $rated ->
    [yes] puanlı
   *[no] puansız
} bir dama oyunu öneriyor ({ $clock }; { $color ->
    [white] { $challenger } beyazla oynayacak
    [black] { $challenger } siyahla oynayacak
   *[random] renkler kurayla belirlenecek
}). İlk Kabul et'e basan oynar; davet { $minutes } dakika geçerli.
blocked = Engelledin: { $user }. Sana davet gönderemez, havuzlar sizi eşleştirmez ve birbirinizin açık davetini kabul edemezsiniz. { $unblock } ile geri al.
unblocked = Engeli kaldırdın: { $user }.
block-list = { $count ->
        [0] Kimseyi engellemedin.
       *[other] Engellediklerin: { $users }.
    }
seeking = Havuzda bekliyorsun: { $clock }, { $rated ->
        [yes] puanlı
       *[no] puansız
    }. { $others ->
        [0] Bu sunucuda henüz başka bekleyen yok
       *[other] Bu sunucuda senden başka { $others } oyuncu bekliyor
    }. Oyunun bu kanalın bir alt başlığında açılır ve sana haber verilir; uygun rakip çıkmazsa arayışın { $minutes } dakika sonra biter.
seeking-everywhere = Ağın tamamında { $others ->
        [0] henüz başka bekleyen yok
       *[other] senden başka { $others } oyuncu bekliyor
    }: burada sana uygun rakip çıkmazsa başka bir sunucunun oyuncusuyla eşleşebilirsin, ikiniz de kendi kanalınızdan oynarsınız.
network-joined = Bu sunucu artık Dama ağında, { $servers ->
        [one] ağın ilk sunucusu
       *[other] { $servers } sunucudan biri
    }: oyuncuları { $seek } komutunda her-yerde:true seçerek ağdaki her sunucunun oyuncularıyla eşleşebilir. Sunucular arasında iki oyuncunun adı, puanı, hamleleri, teklifleri ve sonuçtan başka bir şey geçmez.
network-left = Bu sunucu Dama ağından ayrıldı; sunucular arası oyunları sonuna kadar sürer. { $count ->
        [0] Burada her yerde oyun arayan yoktu.
       *[other] Her yerde oyun arayışları sona erdi: { $users }.
    }
network-status = { $member ->
        [yes] Bu sunucu Dama ağında
       *[no] Bu sunucu Dama ağında değil
    } (ağda { $servers } sunucu var). { $member ->
        [yes] Onların oyuncularıyla eşleşmek için { $seek } komutunda her-yerde:true seç.
       *[no] Sunucuyu yönetebilen biri { $network } katıl:true ile katılabilir.
    }
seeking-moved = { $from } havuzundan çıkıp buna geçtin: bir oyuncu aynı anda tek havuzda bekler.
left-pool = Havuzdan çıktın: { $clock }.
seek-expired = Havuzda { $minutes } dakikada { $player } için uygun rakip çıkmadı ({ $clock }), arayış sona erdi. { $seek } ile yeniden ara.
pool-paired = Havuzda eşleştiniz: { $clock }.
meeting-nowhere = Havuz { $white } ile { $black } oyuncularını eşleştirdi, ama bu kanalda süren bir oyun var ve onların oyunu için alt başlık açılamadı. Başka bir kanaldan yeniden arayın.
challenge-taken = { $open ->
    [yes] Açık davet { $by } tarafından kabul edildi (davet eden { $challenger }).
   *[no] Davet kabul edildi: { $by }, { $challenger } ile oynuyor.
}
challenge-declined = Davet reddedildi: { $by } kabul etmedi, { $challenger }.
challenge-withdrawn = Davet geri çekildi: { $by } vazgeçti.
rematch-offered = Rövanş mı? { $by }, { $to } ile aynı { $rated ->
    [yes] puanlı
   *[no] puansız
} oyunu renkler değişerek yeniden oynamak istiyor ({ $clock }): bu kez { $by } { $color ->
    [white] beyazla
   *[black] siyahla
} oynar. Oynamak için { $to } { $hours ->
    [0] { $minutes } dakika
   *[other] { $hours } saat
} içinde Rövanş'a ya da Kabul et'e bassın.
rematch-lapsed = Rövanş teklifi yanıtlanmadan sona erdi (teklif eden { $by }, teklif edilen { $to }).
challenge-expired = Davet yanıtlanmadan sona erdi (davet eden { $challenger }, davet edilen { $challenged }).
open-challenge-expired = Açık davet sona erdi: kimse kabul etmedi (davet eden { $challenger }).
game-started = Oyun başladı! Beyaz: { $white }, siyah: { $black }. { $rated ->
    [yes] Puanlı
   *[no] Puansız
} bir oyun, { $clock }.
ai-game-started = Bilgisayara ({ $level }) karşı oyun, { $clock }: { $player } { $color ->
    [white] beyazla
   *[black] siyahla
} oynuyor.

## Hamleler ve sıra

played = Hamle: { $move } ({ $mover }){ $crowned ->
    [yes] {""}; taş dama oldu
   *[no] {""}
}.
play-link = Bu oyunu sayfasında oynaman için sana özel bağlantı: { $link } Yalnızca senin için; oyunu bir kez açar ve açan tarayıcıyı oyun bitene dek oturumda tutar. Başka bir cihaz için yeniden iste.
played-since = Son tahtadan beri: { $earlier }, ardından { $move } ({ $mover }){ $crowned ->
    [yes] {""}; taş dama oldu
   *[no] {""}
}.
to-move = Sıra: { $player } ({ $side ->
    [white] beyaz
   *[black] siyah
}){ $capture ->
    [yes] ; alma zorunlu
   *[no] {""}
}. { $clock ->
    [live] Süreler: beyaz { $white }, siyah { $black }; süre { $deadline } doluyor.
    [first] İlk hamle { $deadline } yapılmazsa oyun iptal olur.
    [forfeit] İlk hamle { $deadline } yapılmazsa oyun hükmen kaybedilir.
   *[days] { $deadline } oynanmazsa süre dolar.
}
ai-thinking = Bilgisayar ({ $level }) düşünüyor…
time-warning = Sıra sende, { $player }. Süren { $deadline } doluyor; hamle yapmazsan oyunu süreden kaybedersin.

## Oyunun sonu

game-won = { $reason ->
    [no-moves] Oyun bitti, { $loser } için yapacak hamle kalmadı: { $winner } { $color ->
        [white] beyazla
       *[black] siyahla
    } kazandı, { $loser } kaybetti.
    [no-pieces] Oyun bitti, { $loser } için hiç taş kalmadı: { $winner } { $color ->
        [white] beyazla
       *[black] siyahla
    } kazandı, { $loser } kaybetti.
    [resignation] Oyun bitti, { $loser } terk etti: { $winner } { $color ->
        [white] beyazla
       *[black] siyahla
    } kazandı.
    [time] Oyun bitti, süre doldu ve { $loser } zamanında oynamadı: { $winner } { $color ->
        [white] beyazla
       *[black] siyahla
    } kazandı.
   *[other] Oyun bitti: { $winner } { $color ->
        [white] beyazla
       *[black] siyahla
    } kazandı, { $loser } kaybetti.
}
game-drawn = { $reason ->
    [repetition] Berabere: aynı konum üçüncü kez tekrarlandı.
    [no-progress] Berabere: 100 yarım hamle boyunca taş alınmadı, dama çıkmadı, hiçbir taş ileri sürülmedi.
    [king-against-king] Berabere: tek dama tek damaya karşı kaldı.
    [agreement] Anlaşmayla berabere.
   *[other] Berabere.
}
game-ai-you-won = Tebrikler { $person }, bilgisayarı ({ $level }) yendin!
game-ai-you-lost = Bu sefer olmadı, { $person }; bir dahaki sefere!
rating-change = { $user } { $before } → { $after } ({ $delta })
rating-changes = Puanlar: { $list }.
final-clocks = Son süreler: beyaz { $white }, siyah { $black }.
no-first-move = Oyun iptal: { $player } ilk hamlesini zamanında yapmadı; oyun hiçbir şeye sayılmaz.
forfeit = Hükmen galibiyet: { $winner }; { $absent } oyuna başlamadı.
forfeit-withdrawn = Üst üste iki oyuna gelmeyen { $absent } turnuvadan çekildi; yeniden katılarak dönebilir.
move-too-late = Geç kaldın: bu hamleden önce süren dolmuştu.
action-too-late = Geç kaldın: bundan önce hamle süresi dolmuştu, oyunu saat belirler.
web-listed = Bu sunucunun sıralamaları, süren oyunları ve turnuvaları artık web sayfalarında listeleniyor.
web-listed-at = Bu sunucunun sıralamaları, süren oyunları ve turnuvaları artık web'de listeleniyor: { $link }
web-unlisted = Bu sunucu artık web sayfalarında listelenmiyor; her oyuna yalnızca tahtasıyla paylaşılan bağlantıdan ulaşılabilir.
not-rated-too-short = Puana sayılmadı: bir oyun ancak iki taraf da hamle yaptıktan sonra puana sayılır.
called-off-by = Oyun iptal edildi: { $by }, iki taraf da hamle yapmadan oyundan çekildi; oyun sonuca sayılmaz.
called-off = Bu oyun iki taraf da hamle yapmadan iptal edildi; sonuca sayılmaz.
confirm-resign = Bu puanlı oyunu terk etmek istiyor musun? Puanına yenilgi olarak işlenir. { $surface ->
    [discord] Onaylamak için düğmeye bas ya da oynamaya devam et.
   *[console] Onaylamak için evet yaz; vazgeçmek için hayır yaz ya da oynamaya devam et.
}

## Teklifler

draw-offered = Beraberlik teklifi: { $by } berabere bitirmek istiyor. { $to }, kabul etmek için { $surface ->
    [discord] düğmeyi ya da { $draw } komutunu kullan
   *[console] { $draw } yaz
}; reddetmek için oynamaya devam etmen yeterli.
ai-declines-draw = Bilgisayar ({ $level }) beraberliği kabul etmiyor, oyun sürüyor.
takeback-asked = Geri alma isteği: { $by } son hamlesini geri almak istiyor. { $to }, izin vermek için { $surface ->
    [discord] düğmeyi ya da { $takeback } komutunu kullan
   *[console] { $takeback } yaz
}.
taken-back = { $count ->
    [one] Geri alınan hamle
   *[other] Geri alınan hamleler
}: { $moves }.

## Bakılabilecek şeyler

hint = İpucu: { $move }. { $eval }
eval-equal = Oyun dengede.
eval-slightly-better = { $side ->
    [white] Beyaz
   *[black] Siyah
} biraz daha iyi durumda.
eval-better = { $side ->
    [white] Beyaz
   *[black] Siyah
} daha iyi durumda.
eval-winning = { $side ->
    [white] Beyaz
   *[black] Siyah
} kazanıyor.
eval-wins-in = { $side ->
    [white] Beyaz
   *[black] Siyah
} { $moves } hamlede zorla kazanıyor.
eval-draw = İki taraf da en iyi oynarsa oyun berabere biter.
legal-moves = { $side ->
    [white] Beyaz
   *[black] Siyah
} oynar, { $count } geçerli hamle{ $capture ->
    [yes] {""} (alma zorunlu)
   *[no] {""}
}: { $moves }
pdn-file = { $game } numaralı oyunun PDN kaydı.
replay-file = { $game } numaralı oyunun hamle hamle gösterimi.
leaderboard-title = { $scope ->
    [server] Bu sunucunun sıralaması
   *[global] Genel sıralama
} ({ $speed }):
leaderboard-row = { $rank }. { $user } { $rating } (±{ $margin }), { $games } oyun: { $wins }G { $draws }B { $losses }M
no-rated-games = { $scope ->
    [server] Bu sunucuda henüz puanlı
   *[global] Henüz puanlı
}{ $speed ->
    [any] {""}
   *[other] {" "}{ $name }
} oyun oynanmadı. { $challenge } ile birini davet et!
stats = İstatistikler ({ $user }{ $speed ->
    [any] {""}
   *[other] , { $name }
}): puan { $rating } (±{ $margin }), { $games } puanlı oyun: { $wins } galibiyet, { $draws } beraberlik, { $losses } mağlubiyet.
stats-ai = Bilgisayara karşı (puansız): { $list }.
stats-ai-level = { $level }: { $wins } galibiyet, { $draws } beraberlik, { $losses } yenilgi
stats-others = Diğer puanlar: { $list }.
stats-other = { $name } { $rating } ({ $games } oyun)
stats-recent = Son oyunlar: { $list }.
stats-recent-game = { $opponent } karşısında { $result ->
    [win] galibiyet
    [draw] beraberlik
   *[loss] mağlubiyet
}
not-played-yet = Henüz puanlı oyun yok: { $user } daha puanlı bir oyun oynamadı.
game-broken = { $game } numaralı oyun devam edemiyor: kaydı bozulmuş. { $players }, ikinizden biri (ya da bir sunucu yöneticisi) { $abort } ile oyunu iptal edebilir.
aborted = { $game } numaralı oyunu { $by } iptal etti: sonuca sayılmaz ve bu kanal yeni bir oyuna hazır.
language-set = { $scope ->
    [me] Dilin
   *[server] Bu sunucunun dili
} artık { $lang }.
language-auto = { $scope ->
    [me] Dilin
   *[server] Bu sunucunun dili
} yeniden Discord'un dil ayarını izliyor.

## Resimler

caption-to-move = { $side ->
    [white] Beyaz
   *[black] Siyah
} oynar · { $number }. hamle
caption-side-to-move = { $side ->
    [white] Beyaz
   *[black] Siyah
} oynar
caption-won = { $color ->
    [white] Beyaz
   *[black] Siyah
} kazandı{ $reason ->
    [no-moves] : hamle kalmadı
    [no-pieces] : taş kalmadı
    [resignation] : terk
    [time] : süre doldu
   *[other] {""}
}
caption-drawn = Berabere{ $reason ->
    [repetition] : üç kez tekrar
    [no-progress] : 100 yarım hamle ilerleme yok
    [king-against-king] : tek damaya karşı tek dama
    [agreement] : anlaşma
   *[other] {""}
}
caption-called-off = İptal edildi
caption-forfeit = { $side ->
    [white] Siyah hükmen kazandı
   *[black] Beyaz hükmen kazandı
}
caption-clocked = { $caption }   ○ { $white }   ● { $black }
caption-replay-start = Başlangıç
caption-replay-ply = { $side ->
    [white] { $number }. { $move }
   *[black] { $number }… { $move }
}
caption-replay-end = { $ply }  { $outcome }

## Düğmeler

button-accept = Kabul et
button-decline = Reddet
button-cancel = İptal et
button-resign = Terk et
button-confirm-resign = Evet, terk ediyorum
button-offer-draw = Beraberlik teklif et
button-accept-draw = Beraberliği kabul et
button-allow-takeback = Geri almaya izin ver
button-hint = İpucu
button-play-on-board = Tahtada oyna

## Retler

error-no-game = Bu kanalda süren bir oyun yok. { $challenge } ya da { $ai } ile yeni bir oyun başlat.
error-no-game-yet = Burada henüz hiç oyun oynanmadı. { $challenge } ya da { $ai } ile bir oyun başlat.
error-not-a-player = Bu oyunda oynamıyorsun.
error-no-public-url = Tahtada oynamak için botun web adresi gerekir: botu çalıştıran kişi DAMA_PUBLIC_URL ayarını yapmalı.
error-not-signed-in = Bu sayfa sırası gelen oyuncu olarak açılmamış: oyunun kanalında /dama tahtada-oyna ile yeni bir bağlantı iste ve onu aç.
error-not-your-turn = Sıra sende değil; şimdi { $player } oynayacak.
error-move = Bu hamle oynanamaz: { $why }.
error-changed-meanwhile = İsteğin yoldayken bir şey değişti (önce bir hamle ya da cevap geldi): tahtaya yeniden bak, hâlâ geçerliyse tekrar gönder.
error-channel-busy = Bu kanalda zaten süren bir oyun var{ $players ->
    [none] {""}
   *[other] {" "}({ $players })
}. { $surface ->
    [discord] Önce onu bitir ya da kendi oyununu yeni bir alt başlıkta oyna ({ $challenge } komutunda alt-başlık: evet).
   *[console] Önce onu bitir, { $abort } ile iptal et ya da kendi oyununu başka bir kanalda oyna ({ $channel }).
}
error-self-challenge = Kendini davet edemezsin. Başka birini davet et ya da { $ai } ile bilgisayara karşı oyna.
error-bot-opponent = Botlar burada dama oynamaz. Bilgisayara karşı oynamak için { $ai } komutunu kullan.
error-no-challenge = Böyle bir davet yok.
error-challenge-closed = Bu davet artık açık değil: { $status ->
    [accepted] zaten kabul edildi
    [declined] reddedildi
    [cancelled] geri çekildi
   *[other] süresi doldu
}.
error-challenge-expired = Bu davetin süresi doldu. Yeni bir davet iste.
error-not-your-challenge = Bu davet başka birine yapıldı.
error-not-your-open-challenge = Bu açık daveti yalnızca { $challenger } geri çekebilir. Oynamak için Kabul et'e bas.
error-own-challenge = Bu senin açık davetin: birinin kabul etmesini bekle ya da İptal et ile geri çek.
error-block-self = Kendini engelleyemezsin.
error-already-blocked = Bu oyuncuyu zaten engelledin: { $user }.
error-not-blocked = Bu oyuncuyu engellemedin: { $user }.
error-too-many-blocks = En çok { $limit } oyuncu engelleyebilirsin: önce birinin engelini kaldır.
error-not-available = Bu oyuncu oyun için uygun değil.
error-you-blocked = Bu oyuncuyu engelledin: { $user }. Onunla oynamak için { $unblock } ile engeli kaldır.
error-seek-needs-server = Oyun aramak bir sunucunun kanalları içindir: birinde { $seek } kullan.
error-not-in-network = Bu sunucu Dama ağında değil, bu yüzden arayışın başka sunuculara ulaşamaz: { $seek } komutunda her-yerde seçmeden ara ya da sunucuyu yöneten birinden { $network } katıl:true ile katılmasını iste.
error-network-needs-manage-server = Bu sunucuyu ağa yalnızca Sunucuyu Yönet izni olan üyeler katabilir ya da ağdan çıkarabilir.
error-rematch-across-servers = İki sunucu arasındaki bir oyunun rövanşı olmaz, çünkü sunuculardan birinde oynanırdı: { $seek } komutunda her-yerde:true seçerek yeniden ara.
error-seek-while-playing-live = Canlı saatli bir oyun oynuyorsun: başka bir canlı oyun aramadan önce onu bitir.
error-not-seeking = Hiçbir havuzda beklemiyorsun. { $seek } ile oyun ara.
error-rematch-not-over = Bu oyun hâlâ sürüyor: rövanş ancak oyun bitince istenebilir.
error-rematch-not-player = Bu oyunun rövanşını yalnızca iki oyuncusu isteyebilir.
error-rematch-in-tournament = Turnuva oyunlarını turnuva eşleştirir: onların rövanşı olmaz.
error-rematch-offered-already = Rövanşı zaten teklif ettin ({ $to }): kabul etmek ona kalmış.
error-rematch-played = Bu oyunun rövanşı zaten oynandı: en son oyunun altındaki Rövanş'a bas.
error-too-many-rematches = Dakikada en çok { $limit } rövanş teklif edebilirsin: biraz bekle, sonra yeniden teklif et.
error-too-many-seeks = Dakikada en çok { $limit } kez arayabilirsin: biraz bekle, sonra yeniden ara.
error-open-challenge-needs-server = Açık davet, başkalarının kabul edebileceği bir sunucu kanalı içindir. Burada rakibini { $challenge } ile belirt.
error-no-open-challenge = Bu kanalda açık bir davetin yok.
error-game-already-over = Oyun zaten bitti.
error-draw-already-offered = Zaten beraberlik teklif ettin; rakibin { $draw } ile kabul edebilir.
error-takeback-already-asked = Hamleni geri almak için zaten istekte bulundun; rakibinin yanıtını bekle.
error-nothing-to-take-back = Geri alınacak bir hamlen yok.
error-no-hints-in-rated = İpucu yalnızca puansız oyunlarda ve bilgisayara karşı oyunlarda var, puanlı oyunlarda yok.
error-old-button = Bu düğme daha önceki bir konuma ait; en son tahtayı kullan.
error-button-game-over = O oyun bitti.
error-unknown-button = Bu düğme bize ait değil.
error-broken = Bu oyunun kaydı bozulmuş, oyun devam edemez. Oyunculardan biri ya da bir sunucu yöneticisi { $abort } ile oyunu iptal edebilir.
error-cannot-abort = Olağan şekilde süren bir oyunu yalnızca bir sunucu yöneticisi (Sunucuyu Yönet izni) iptal edebilir; oyuncular yalnızca kaydı bozulmuş bir oyunu iptal edebilir. Terk etmek için { $resign } komutunu kullan.
error-needs-manage-server = Sunucunun dilini yalnızca Sunucuyu Yönet iznine sahip üyeler seçebilir; kendi dilini "ben" kapsamıyla seçebilirsin.
error-unknown-language = "{ $text }" bildiğim bir dil değil: { $options } seç.
error-too-many-challenges = Zaten { $limit } açık davetin var. Yanıt bekle ya da birini Reddet düğmesiyle geri çek.
error-too-many-ai-games = Bilgisayara karşı zaten { $limit } oyun oynuyorsun. Önce birini bitir.
error-replay-players-only = Süren bir oyunun hamle hamle gösterimini yalnızca oyuncuları izleyebilir; oyun bitince herkes izleyebilir.
error-no-analysis-in-rated = Puanlı bir oyun ancak bittikten sonra analiz edilir; oyun bitince yeniden iste.
error-analysis-players-only = Süren bir oyunun analizini yalnızca oyuncuları isteyebilir; oyun bitince herkes alabilir.
error-nothing-to-analyse = O oyunda henüz hamle yok, analiz edilecek bir şey yok.
error-internal = Üzgünüz, bizim tarafımızda bir şeyler ters gitti. Lütfen birazdan yeniden dene.

## Bir hamlenin neden oynanamadığı ("Bu hamle oynanamaz:" ile başlayan cümleyi bitirir)

## Süre denetimleri ("Bu süre kullanılamaz:" ve nedeni)

speed-name = { $speed ->
    [bullet] bullet
    [blitz] blitz
    [rapid] hızlı
    [classical] klasik
   *[correspondence] yazışmalı
}
decimal-point = ,
time-control-live = { $control } { $speed ->
    [bullet] bullet
    [blitz] blitz
    [rapid] hızlı
   *[classical] klasik
}
time-control-days = hamle başına { $days } gün
clock-refused = Bu süre kullanılamaz: { $why }. Yaygın olanlar: { $usual }.
clock-syntax = "{ $text }" bir süre değil; dakika+saniye yaz, örneğin 5+3, ya da hamle başına gün, örneğin 3d
clock-minutes = "{ $text }" dakika seçilemez; dakika 0, 1/4, 1/2, 3/4, 1, 1,5 ya da 180'e kadar bir tam sayı olabilir
clock-increment = hamle başına { $seconds } saniye eklemek çok fazla; en çok 180
clock-no-time = 0+0 hiç süre bırakmaz; dakika, ek süre ya da ikisini birden ver
clock-days = hamle başına { $days } gün seçilemez; 1, 2, 3, 5, 7 ya da 14 gün seç

syntax-empty = hamleyi kareler olarak yaz, örneğin e3-e4 ya da d3xd5xf5
syntax-not-a-square = "{ $text }" bir kare değil: kareler a1'den h8'e kadardır (örneğin e3-e4 yaz)
syntax-one-square = bir hamle en az iki kareden oluşur, taşın durduğu ve gideceği kare: örneğin e3-e4
syntax-trailing = hamle bir karede biter, "{ $sep }" ile değil
syntax-too-long = bir hamle için çok fazla kare var (en çok 17)
move-ambiguous = "{ $text }" birden çok hamle olabilir: { $options }; birini seçmek için karelerinden birkaçını daha yaz
illegal-no-piece = { $square } karesinde taş yok
illegal-not-your-piece = { $square } karesindeki taş { $owner ->
    [white] beyazın
   *[black] siyahın
}, sıra ise { $side ->
    [white] beyazda
   *[black] siyahta
}
illegal-capture-compulsory = alma zorunlu: { $options } oyna
illegal-must-take-more = en çok taşı alan hamle zorunlu ({ $count } taş): { $options } oyna
illegal-unfinished = alma bitmedi: taş alabildiği sürece almaya devam etmeli; { $options } oyna
illegal-wrong-capture = { $square } karesindeki { $piece ->
    [man] taş
   *[king] dama
} bu yoldan alamaz; { $options } oyna
illegal-nothing-to-capture = alınacak taş yok, hamle yalnızca iki kareden oluşur; { $options } oyna
illegal-blocked = { $square } karesindeki { $piece ->
    [man] taş
   *[king] dama
} sıkışmış, hareket edemez
illegal-cannot-move-there = { $from } karesindeki { $piece ->
    [man] taş
   *[king] dama
} { $to } karesine gidemez: { $why }; oynayabileceği hamleler: { $options }
illegal-game-over = oyun bitti
why-nowhere = hamle bir yere gitmeli
why-diagonal = taşlar çapraz gitmez
why-man-backwards = taş geri gitmez
why-man-too-far = taş yalnızca bir kare ileri ya da yana gider
why-square-taken = o kare dolu
why-path-blocked = yol kapalı
why-not-legal = bu geçerli bir hamle değil

## Kurallar ve yardım

rules =
    {"**"}Dama (Türk daması)**
    • 8×8 tahta, bütün kareler oyunda. Her oyuncunun ikinci ve üçüncü sıralarda 16 taşı var. Beyaz başlar.
    • Taş bir kare ileri ya da yana gider; geri ve çapraz gitmez.
    • Taş, önündeki ya da yanındaki rakip taşın üzerinden atlayıp arkasındaki boş kareye inerek alır.
    • Hamlesini karşı uçtaki sırada bitiren taş dama olur. Dama, satır ve sütunlarda istediği kadar gider; uzaktan alır ve aldığı taşın arkasındaki herhangi bir boş kareye inebilir.
    • Alma zorunludur ve en çok taşı alan hamle oynanmalıdır. Taş alabildiği sürece almaya devam eder; alınan taşlar hemen tahtadan kalkar; dama iki alma arasında geldiği yöne geri dönemez.
    • Hamlesi kalmayan (taşı bitmiş ya da hepsi sıkışmış) oyuncu kaybeder. Beraberlik: aynı konumun üç kez tekrarı, 100 yarım hamle boyunca taş alınmaması, dama çıkmaması ve ileri taş sürülmemesi, tek damaya karşı tek dama, ya da anlaşma.
    • Burada her oyunun bir süresi var: hamle başına günler (davette başka söylenmedikçe { $hours } saat) ya da canlı oyunda dakika artı hamle başına saniye (`5+3`). Süresi biten kaybeder; zamanında yapılmayan ilk hamle (canlı oyunda 30 sn) oyunu iptal ettirir.
help =
    {"**"}Burada dama nasıl oynanır**
    • `/dama davet` ile birini davet et ya da `/dama bilgisayar` ile bilgisayara karşı oyna (kolay, orta, zor, usta).
    • Aklında bir rakip yok mu? `/dama ara süre:3+2` bu sunucuda aynı süreyi arayan, puanı sana yakın bir oyuncuyu bekler (`her-yerde:true` ekleyerek ağdaki her sunucunun oyuncularıyla da eşleş; sunucuyu bir yönetici `/dama ağ katıl:true` ile ağa katar); rakipsiz `/dama davet` ile buradaki herkes kabul edebilir. Oyun bitince tahtanın altındaki **Rövanş** aynı oyunu renkler değişerek yeniden önerir.
    • Hamleni kanala yaz, örneğin `e3-e4`, ya da `/dama hamle` komutunu kullan. Almalar: `d4xd6xf6` (açıksa kısaca `d4xf6`).
    • `/dama beraberlik`, `/dama geri-al`, `/dama terk`; puansız ve bilgisayara karşı oyunlarda `/dama ipucu`.
    • `/dama tahta`, `/dama hamleler`, `/dama pdn`, `/dama izle`, `/dama analiz` (son oyuna bilgisayarın bakışı: hatalar, daha iyi hamleler, doğruluk), `/dama sıralama`, `/dama istatistik`, `/dama kurallar`.
    • Her kanalda bir oyun; alt başlıkta oynamak için davette alt-başlık: evet seç. { $hours } saat içinde hamle yap, yoksa süreden kaybedersin; `/dama davet` ya da `/dama bilgisayar` komutunda `süre:5+3` (ya da `1+0`, `10+5`, `7d`…) saatli canlı bir oyun başlatır.
    • `/dama dil` botun dilini senin için ya da (Sunucuyu Yönet izniyle) bütün sunucu için seçer.
    • `/dama bulmaca`: herkese aynı günün bulmacası, üç hak; serini sürdür. Alıştırma için `/dama bulmaca rastgele:evet`, tek bir fikir için `tema:` (fedakârlık, dama çıkma, …), kendi oyunlarında kaçırdığın kombinezonlar için `benim:evet`.

## Eğik çizgi komutları (adlar: küçük harf, en çok 32 karakter, boşluksuz)

cmd-dama = dama
    .description = Türk daması: bir arkadaşını davet et ya da bilgisayara karşı oyna
cmd-challenge = davet
    .description = Birini ya da buradaki herkesi bu kanalda bir dama oyununa davet et
    .opponent = rakip
    .opponent-description = Kiminle oynamak istiyorsun (boş bırakırsan buradaki herkes kabul edebilir)
    .color = renk
    .color-description = Rengin (varsayılan: kurayla)
    .rated = puanlı
    .rated-description = Oyun puanlara sayılsın mı (varsayılan: evet)
    .thread = alt-başlık
    .thread-description = Yeni bir alt başlıkta oyna (varsayılan: hayır)
    .clock = süre
    .clock-description = Süre: 5+3, 5 dakika artı hamle başına 3 saniye; 3d, hamle başına 3 gün (varsayılan: 3d)
cmd-ai = bilgisayar
    .description = Yerleşik yapay zekâya karşı oyna
    .level = seviye
    .level-description = Ne kadar güçlü (varsayılan: orta)
    .color = renk
    .color-description = Rengin (varsayılan: beyaz)
    .clock = süre
    .clock-description = Süre: 5+3, 5 dakika artı hamle başına 3 saniye; 3d, hamle başına 3 gün (varsayılan: 3d)
cmd-move = hamle
    .description = Bir hamle oyna, örneğin e3-e4 ya da d4xd6xf6 (kanala yazman da yeter)
    .move = hamle
    .move-description = Hamlen
cmd-resign = terk
    .description = Bu kanaldaki oyunu terk et
cmd-draw = beraberlik
    .description = Beraberlik teklif et ya da rakibinin teklifini kabul et
cmd-takeback = geri-al
    .description = Son hamleni geri almak iste ya da rakibinin isteğine izin ver
cmd-hint = ipucu
    .description = Bilgisayarın senin için önerdiği hamle (puansız ve bilgisayara karşı oyunlarda)
cmd-board = tahta
    .description = Bu kanalın tahtasını yeniden göster
cmd-play-link = tahtada-oyna
    .description = Bu kanaldaki oyunu web sayfasında oynaman için sana özel bağlantı (yalnızca sen görürsün)
cmd-moves = hamleler
    .description = Geçerli hamleleri listele
cmd-pdn = pdn
    .description = Bu kanalın süren ya da son oyunu PDN dosyası olarak
cmd-replay = izle
    .description = Bu kanalın süren ya da son oyunu hamle hamle, hareketli resim olarak
cmd-analyze = analiz
    .description = Bu kanalın son oyununun bilgisayar analizi: hatalar, daha iyi hamleler, doğruluk
cmd-block = engelle
    .description = Bir oyuncuyu engelle: senden davet alamaz, seninle eşleşmez (oyuncuyu boş bırak: listen)
    .user = oyuncu
    .user-description = Engellenecek oyuncu
cmd-unblock = engeli-kaldır
    .description = Engellediğin bir oyuncunun engelini kaldır
    .user = oyuncu
    .user-description = Engeli kaldırılacak oyuncu
cmd-seek = ara
    .description = Bir tempoda rakip bekle: bot seni puanı sana yakın bir oyuncuyla eşleştirir
    .clock = süre
    .clock-description = Havuzun süresi, 3+2 ya da 1d gibi (boş bırak: nerede beklediğini gör ya da çık)
    .rated = puanlı
    .rated-description = Oyun puanlara sayılsın mı (varsayılan: evet)
    .everywhere = her-yerde
    .everywhere-description = Ağdaki her sunucunun oyuncularıyla da eşleş (varsayılan: hayır)
cmd-network = ağ
    .description = Bu sunucuyu Dama sunucuları ağına kat ya da ağdan çıkar (boş bırak: ağda mı gör)
    .join = katıl
    .join-description = Katılmak için true, ayrılmak için false (Sunucuyu Yönet)
cmd-leaderboard = sıralama
    .description = Puan tablosu
    .scope = kapsam
    .scope-description = Bu sunucu ya da herkes (varsayılan: sunucu)
    .speed = tempo
    .speed-description = Bullet, blitz, hızlı, klasik ya da yazışmalı (varsayılan: en çok oynanan)
cmd-stats = istatistik
    .description = Puan, oyunlar ve son sonuçlar
    .user = kullanıcı
    .user-description = Kimin (varsayılan: senin)
cmd-rules = kurallar
    .description = Türk damasının kuralları
cmd-help = yardım
    .description = Bu botla nasıl oynanır
cmd-abort = iptal
    .description = Bu kanaldaki oyunu iptal et (yöneticiler; oyuncular yalnızca kaydı bozulmuş oyunu)
cmd-language = dil
    .description = Botun yanıtlarının dili
    .language = dil
    .language-description = Türkçe, İngilizce ya da otomatik (Discord'un dili)
    .scope = kapsam
    .scope-description = Senin için ya da bütün sunucu için (Sunucuyu Yönet)
choice-white = beyaz
choice-black = siyah
choice-random = kurayla
choice-easy = kolay
choice-medium = orta
choice-hard = zor
choice-master = usta
choice-server = sunucu
choice-global = genel
choice-tr = Türkçe
choice-en = English
choice-auto = otomatik
choice-me = ben
choice-bullet = bullet
choice-blitz = blitz
choice-rapid = hızlı
choice-classical = klasik
choice-correspondence = yazışmalı
choice-sacrifice = fedakârlık
choice-multi-capture = çoklu alma
choice-crowning = dama çıkma
choice-king-hunt = dama avı
choice-breakthrough = yarma
choice-zugzwang = zugzwang
choice-opposition = karşı durma
choice-endgame = oyun sonu

## Konsol (`dama console`)

console-cmd-challenge = davet [ad]
console-cmd-seek = ara [süre]
console-cmd-block = engelle <ad>
console-cmd-unblock = engeli-kaldır <ad>
console-cmd-network = /dama ağ (Discord'da)
console-cmd-ai = bilgisayar
console-cmd-move = hamle <hamle>
console-cmd-draw = beraberlik
console-cmd-takeback = geri-al
console-cmd-resign = terk
console-cmd-hint = ipucu
console-cmd-analyze = analiz
console-cmd-board = tahta
console-cmd-moves = hamleler
console-cmd-abort = iptal
console-cmd-channel = kanal <ad>
console-cmd-language = dama console --lang
console-welcome = Dama konsolu. { $name } olarak oynuyorsun. Komutlar için yardım yaz.
console-you-are = Artık { $name } olarak oynuyorsun.
console-challenge-tip = ({ $name }: önce ben { $name }, sonra kabul yaz.)
console-open-challenge-tip = (Herkes: önce ben <ad>, sonra kabul yaz.)
# Konsoldaki metin tahta: beyazın taşı ve daması, sonra siyahınki (birer harf) ve altındaki açıklama.
console-board-letters = b B s S
console-board-legend = Taşlar: b beyaz taş, B beyaz dama; s siyah taş, S siyah dama.
console-board-picture = (tahta resmi: { $path })
console-saved = (kaydedildi: { $path })
console-pictures-failed = Resimler { $path } klasörüne yazılamıyor ({ $error }); oyun resimsiz sürüyor.
console-empty = Bir komut ya da hamle yaz; yardım komutları listeler.
console-not-a-command = "{ $text }" bir komut ya da hamle değil; yardım komutları listeler.
console-too-long = Bu satır çok uzun ({ $count } karakter); bir hamle ya da komut çok daha kısadır.
console-takes-nothing = { $command } komutundan sonra bir şey yazılmaz.
console-as-usage = ben <ad> yaz; ad tek sözcük olmalı.
console-challenge-option = "{ $text }" bir davet seçeneği değil: beyaz, siyah, kura, puansız ya da puanlı kullan.
console-seek-option = "{ $text }" bir arama seçeneği değil: bir süre (3+2 ya da 1d gibi) ve puanlı ya da puansız yaz.
console-block-usage = engelle <ad> ya da engeli-kaldır <ad> yaz, ad tek kelime; yalnız engelle, engellediklerini listeler.
console-move-usage = hamle <hamle> yaz, örneğin hamle e3-e4.
console-stats-usage = istatistik ya da istatistik <ad> yaz.
console-tournament-usage = turnuva yaz, ardından şunlardan biri: oluştur, katıl, ayrıl, sıralama, eşleşmeler, rapor, başlat ya da iptal; örneğin: turnuva oluştur isviçre 5+3 tur 5 ad Kahvehane Kupası.
console-tournament-number = Orada bir tam sayı bekleniyordu, { $text } değil: örneğin tur 5, dakika 90 ya da ara 2.
console-paired-game = Havuz sizi eşleştirdi: oyununuz { $channel } kanalında başlıyor: girmek için "kanal { $channel }" yaz.
console-tournament-game = Bir turnuva oyunu { $channel } kanalında başlıyor: girmek için "kanal { $channel }" yaz.
console-leaderboard-usage = sıralama yaz, ya da bir tempoyla: sıralama bullet, blitz, hızlı, klasik ya da yazışmalı.
console-clock = Bu, sunulan bir süre değil: 5+3 gibi dakika+saniye ya da 3d gibi hamle başına gün yaz.
console-not-a-level = "{ $text }" bir seviye ya da renk değil: kolay, orta, zor ya da usta ile beyaz ya da siyah seç.
console-channel-usage = Kanalları görmek için kanal, başka bir kanalda oynamak için kanal <ad> yaz (ad tek sözcük).
console-puzzle-no-hint = Bulmacada ipucu yok: hamleyi bulmak bulmacanın kendisi. hamleler yasal hamleleri sayar, tahta konumu yeniden gösterir; bulmacan hâlâ açık.
console-puzzle-theme = "{ $text }" bir bulmaca teması değil. bulmaca tema ve şunlardan birini yaz: { $themes } (İngilizce adları da olur).
console-puzzle-themes = Bulmaca temaları: { $themes }. O türden bir alıştırma bulmacası için bulmaca tema ve birinin adını yaz.
console-channel-now = Artık { $name } kanalındasın.
console-channels = Kanallar: { $list }. Şu an { $current } kanalındasın.
console-channel-entry = { $name } ({ $game ->
    [none] oyun yok
   *[other] { $game }
})
console-nothing-to-confirm = Onaylanacak bir şey yok.
console-not-confirmed = Onaylanmadı: hiçbir şey değişmedi.
console-help =
    Komutlar (hamle tek başına da yazılabilir, örneğin e3-e4 ya da d4xd6xf6; İngilizceleri de geçer):
      ben <ad>                          başka biri olarak oyna (sırayla aynı klavyede)
      bilgisayar [kolay|orta|zor|usta] [beyaz|siyah] [süre]
                                        bilgisayara karşı oyna (varsayılan: orta, beyaz)
      davet [ad] [beyaz|siyah|kura] [puansız] [süre]
                                        süre: 5+3, 1/4+0, 10+5 (dakika+saniye) ya da 3d (gün)
      kabul | reddet | vazgeç           son daveti kabul et, reddet ya da geri çek
      rövanş                            son oyunu renkler değişerek yeniden oyna (öbürü rövanş yazarak kabul eder)
      ara [süre] [puansız] | ayrıl      bir sürenin havuzunda puanı sana yakın bir rakip bekle, ya da havuzdan çık
      engelle [ad] | engeli-kaldır <ad>  bir oyuncuyla hiç karşılaşma (yalnız engelle: liste)
      hamle <hamle>                     bir hamle oyna
      terk | beraberlik | geri-al | ipucu
      tahta | hamleler | pdn | izle | analiz | iptal
      sıralama [bullet|blitz|hızlı|klasik|yazışmalı]
      istatistik [ad] | kurallar | yardım | çık
      bağlantı                          oyunu web sayfasında oynaman için sana özel bağlantı (DAMA_PUBLIC_URL ya da DAMA_WEB_ADDR)
      kanal [ad]                        kanalları listele ya da başka bir kanalda oyna (yoksa açılır)
      bulmaca [rastgele]                günün bulmacası ya da bir alıştırma bulmacası
      bulmaca tema <tema> | bulmaca benim  tek bir temada alıştırma ya da kendi kaçırdıkların
      bulmaca <hamle> | bulmaca istatistik [ad]
      turnuva oluştur [isviçre|arena] [süre] [tur N|dakika N] [ara N] [başlar 30|20:30] [puansız] [ad …]
      turnuva katıl | ayrıl | sıralama | eşleşmeler | başlat | iptal
      turnuva rapor                     İsviçre turnuvasının rapor dosyası (FIDE TRF), bir hakemin eşleştirme programı için
      berserk                           Arena'da ilk hamlenden önce: yarı süre, bir puan daha
    Süre verilmezse { $hours } saat hamle yapmayan oyuncu oyunu süreden kaybeder.

## Oyuncu kartı ve altındaki bilgiler

stats-rank = { $server ->
    [none] Sıralama: bütün oyuncular arasında { $global }.
   *[other] Sıralama: bu sunucuda { $server }., bütün oyuncular arasında { $global }.
}
stats-peak = En yüksek puan { $rating } ({ $date }).
stats-streak = En uzun galibiyet serisi: { $games } oyun.
stats-favourite = En çok oynadığı rakip: { $opponent } ({ $games } oyun).
stats-tournaments = Turnuvalar: { $played } turnuva, { $won } birincilik. Son turnuvalar: { $list }.
stats-tournament = { $name }, { $players } oyuncu arasında { $place }. ({ $date })
date = { $dd }.{ $mm }.{ $year }
card-rating = { $speed ->
    [bullet] Bullet{" "}
    [blitz] Blitz{" "}
    [rapid] Hızlı{" "}
    [classical] Klasik{" "}
    [correspondence] Yazışmalı{" "}
   *[any] {""}
}{ $rating } ± { $margin }
card-others = Ayrıca: { $list }
card-other = { $name } { $rating }
card-rank = { $server ->
    [none] Genelde { $global }.
   *[other] Bu sunucuda { $server }. · Genelde { $global }.
}
card-peak = En yüksek { $rating }
card-record = { $wins } galibiyet · { $draws } beraberlik · { $losses } mağlubiyet
card-last-results = Son sonuçlar
card-result = { $result ->
    [win] G
    [draw] B
   *[loss] M
}
card-favourite = En çok oynadığı rakip: { $name } ({ $games })
card-streak = En uzun galibiyet serisi: { $games }
card-tournaments = Turnuvalar: { $played }, birincilik: { $won }; son: { $players } oyuncu arasında { $place }., { $name }
card-ai = Bilgisayara karşı: { $list }
card-ai-level = { $level } { $wins }–{ $draws }–{ $losses }
card-no-rated-game = Henüz puanlı oyun yok: puan almak için birini puanlı bir oyuna davet et.

## Bulmacalar

cmd-puzzle = bulmaca
    .description = Günün bulmacası (herkese aynı) ya da bir alıştırma bulmacası; hamle ile oyna
    .move = hamle
    .move-description = Bulmacadaki hamlen, örneğin e3-e4
    .random = rastgele
    .random-description = Bulmaca puanına yakın bir alıştırma bulmacası (seriye sayılmaz)
    .theme = tema
    .theme-description = Bu temada bir alıştırma bulmacası
    .mine = benim
    .mine-description = Kendi oyunlarından birinde kaçırdığın bir kombinezon
cmd-puzzle-stats = bulmaca-istatistik
    .description = Bulmaca serisi, en iyi seri, çözülen bulmacalar (temalara göre de) ve bulmaca puanı
    .user = kullanıcı
    .user-description = Kimin (varsayılan: senin)
cmd-puzzle-leaderboard = bulmaca-sıralama
    .description = Bu sunucunun en uzun bulmaca serileri
cmd-puzzle-channel = bulmaca-kanalı
    .description = Günün bulmacasının paylaşılacağı kanal (Sunucuyu Yönet)
    .channel = kanal
    .channel-description = Kanal (günlük paylaşımı durdurmak için boş bırak)
cmd-web = web
    .description = Sunucunun sıralamalarını, süren oyunlarını ve turnuvalarını web'de listeler (Sunucuyu Yönet)
    .public = herkese-açık
    .public-description = Evet: web sayfalarında listelenir; hayır: listelenmez (oyunlara bağlantılarıyla ulaşılır)
console-cmd-puzzle = bulmaca <hamle>
console-cmd-puzzle-random = bulmaca rastgele
console-cmd-puzzle-theme = bulmaca tema <tema>   (yalnızca bulmaca tema hepsini sayar)
console-cmd-puzzle-mine = bulmaca benim
button-leave-puzzle = Bırak (kaçırılmış sayılır)
button-solve-puzzle = Çöz
button-join-tournament = Katıl
button-leave-tournament = Ayrıl
button-leave-pool = Havuzdan çık
button-rematch = Rövanş
button-berserk = Berserk
caption-puzzle = { $side ->
    [white] Beyaz
   *[black] Siyah
} oynar, { $moves } hamlede { $goal ->
    [material] taş kazanır
   *[win] kazanır
}
caption-puzzle-solved = Çözüldü!
puzzle-today = Günün bulmacası ({ $date })
puzzle-practice = Alıştırma bulmacası
puzzle-shown = { $head } { $stars }: { $side ->
    [white] Beyaz
   *[black] Siyah
} oynar ve { $moves } hamlede { $goal ->
    [material] taş kazanır (en az iki taş, elde kalır)
   *[win] kazanır
}. Hamleni { $puzzle } ile ver; { $tries } hakkın kaldı.
puzzle-right = Doğru: sen { $played } oynadın, karşı taraf { $defence } ile karşılık verdi. Şimdi { $moves } hamlede { $goal ->
    [material] taşları kazan
   *[win] kazan
}.
puzzle-wrong = Bu hamle { $moves ->
    [one] tek hamlede
   *[other] { $moves } hamlede
} { $goal ->
    [material] taş kazandırmıyor
   *[win] kazandırmıyor
}. { $tries } hakkın kaldı.
puzzle-same-try = Bu hamleyi zaten gönderdin; bir kez sayıldı.
puzzle-leave-first = Alıştırma bulmacan bitmedi ve içinde hamle yaptın: şimdi bırakırsan kaçırılmış sayılır ve bulmaca puanın düşer. { $surface ->
    [discord] Yenisi için bırakmak istiyorsan düğmeye bas, ya da bu bulmacada devam et.
   *[console] Yenisi için bırakmak istiyorsan evet yaz; tutmak için hayır yaz (ya da devam et).
}
puzzle-left-after-a-try = Bıraktığın alıştırma bulmacası çözülemedi sayıldı, çünkü içinde bir hamle denemiştin. { $rating }
puzzle-solved = Çözdün! { $kind ->
    [daily] Serin: art arda { $streak } gün.
   *[practice] Güzel oynadın.
}{ $missed ->
    [yes] {" "}İlk denemede bulamadığın için bulmaca puanında kaçırılmış sayılır.
   *[no] {""}
} { $rating }
puzzle-failed = Hakkın kalmadı. Çözüm: { $solution }. { $kind ->
    [daily] Serin yarın yeniden başlar.
   *[practice] Bir başkasını dene.
} { $rating }
puzzle-rating-change = Bulmaca puanı { $before } → { $after }.
puzzle-already-done = { $kind ->
    [daily] { $solved ->
        [yes] Günün bulmacasını çözdün.
       *[no] Günün bulmacası senin için bitti.
    } Yenisi Türkiye saatiyle gece yarısı gelir.
   *[practice] { $solved ->
        [yes] Bu bulmacayı çözdün.
       *[no] Bu bulmaca senin için bitti.
    }
} Çözüm: { $solution }. Daha fazlası için { $practice } yaz.
puzzle-stats = Bulmaca durumu ({ $user }): seri { $streak } gün, en iyi seri { $best } gün; çözülen günlük bulmaca { $solved }, kaçırılan { $failed }; çözülen alıştırma { $practice }; bulmaca puanı { $rating }.{ $today ->
    [yes] {" "}Günün bulmacası: çözüldü.
   *[no] {""}
}
puzzle-leaderboard-title = {"**"}Bu sunucunun en uzun bulmaca serileri**
puzzle-leaderboard-row = { $rank }. { $user }: seri { $streak }, en iyi { $best }, çözülen { $solved }
puzzle-no-solvers = Burada henüz kimse günün bulmacasını çözmedi. İlk sen ol: { $puzzle }.
puzzle-channel-set = Günün bulmacası her gün Türkiye saatiyle gece yarısından sonra { $channel } kanalında paylaşılacak.
puzzle-channel-cleared = Günün bulmacası artık burada paylaşılmayacak.
puzzle-daily = {"**"}Günün bulmacası, { $date }** { $stars }: { $side ->
    [white] Beyaz
   *[black] Siyah
} oynar ve { $moves } hamlede { $goal ->
    [material] taş kazanır
   *[win] kazanır
}. Düğmeye basıp kendine özel çöz; üç hakkın var.
puzzle-no-practice-left = Bütün alıştırma bulmacalarını denedin. Tebrikler! Günün bulmacası için yine gel.
puzzle-no-theme-left = Bu temadaki bütün alıştırma bulmacalarını denedin ({ $theme }). Başka bir tema seç ya da temasız iste.
puzzle-none-mined = Kendi oyunlarından bekleyen bulmaca yok: biten oyunlarında kaçırdığın bir kombinezon çıkmadı ya da hepsini denedin. Biten oyunlara bitişlerinden sonraki birkaç dakika içinde bakılır.
puzzle-from-game = { $yours ->
    [yes] Kendi oyunlarından birinden ({ $date }): bu kombinezon elindeydi ve kaçırdın.
   *[no] Bu sunucudaki bir oyundan ({ $date }).
}
puzzle-stats-themes = Temalara göre (çözülen/denenen): { $themes }.
puzzle-stats-theme = { $theme } { $solved }/{ $tried }
puzzle-theme-sacrifice = fedakârlık
puzzle-theme-multi-capture = çoklu alma
puzzle-theme-crowning = dama çıkma
puzzle-theme-king-hunt = dama avı
puzzle-theme-breakthrough = yarma
puzzle-theme-zugzwang = zugzwang
puzzle-theme-opposition = karşı durma
puzzle-theme-endgame = oyun sonu
error-no-puzzles = Bu botta yüklü bulmaca yok.
error-puzzle-over = O bulmaca senin için bitti. Yenisini { $puzzle } ile aç.
error-server-only = Bu komut özel mesajda değil, bir sunucuda çalışır.
error-web-needs-manage-server = Bu sunucuyu web sayfalarında yalnızca Sunucuyu Yönet iznine sahip üyeler listeleyebilir.
error-puzzle-channel-needs-manage-server = Günün bulmacasının nerede paylaşılacağını yalnızca Sunucuyu Yönet iznine sahip üyeler seçebilir.

## Analiz

analysis-title = { $white } – { $black } · { $result }
analysis-accuracy = { $side ->
    [white] Beyaz
   *[black] Siyah
} ({ $name }): doğruluk %{ $accuracy } · { $inaccuracies } kusurlu hamle, { $mistakes } hata, { $blunders } büyük hata
analysis-better = daha iyisi: { $move }
analysis-move = { $move } { $judgement ->
    [blunder] büyük hata
    [mistake] hata
   *[inaccuracy] kusurlu hamle
}: kazanma şansı %{ $before } → %{ $after }; { $better }
analysis-comment = { $judgement ->
    [blunder] Büyük hata
    [mistake] Hata
   *[inaccuracy] Kusurlu hamle
} (kazanma şansı %{ $before } → %{ $after }); { $better }
analysis-asked = Analiz isteği: { $by } bu oyunun şimdi bilgisayara analiz ettirilmesini istiyor. { $other }, kabul ediyorsan sen de { $analyze } yaz: ikiniz de her hamlenin değerini göreceksiniz.
analysis-done = { $game } numaralı oyunun analizi: oyun boyunca değerlendirme ve dönüm noktaları, yorumlu PDN kaydıyla birlikte.
analysis-progress = Oyun analiz ediliyor… %{ $percent }

## Turnuvalar
tournament-created = { $kind ->
    [swiss] İsviçre sistemi turnuva
   *[arena] Arena turnuvası
}, **{ $name }**: { $clock }, { $length }, { $rated ->
    [yes] puanlı
   *[no] puansız
}. { $start }{ $open ->
    [yes] { $surface ->
        [discord] {" "}Katılmak için aşağıdaki düğmeye bas.
       *[console] {" "}Katılmak için "turnuva katıl" yaz.
    }
   *[no] {""}
}
tournament-under-way = Turnuva sürüyor.
tournament-is-over = Turnuva bitti: son sıralama kendi başlığında.
tournament-is-called-off = Turnuva iptal edildi.
tournament-players = { $players ->
    [one] Bir oyuncu katıldı.
   *[other] { $players } oyuncu katıldı.
}
tournament-rounds = { $rounds } tur
tournament-minutes = { $minutes } dakika
tournament-starts-at = Başlangıç: { $when }.
tournament-starts-by-hand = Düzenleyicisi başlatınca başlar.
tournament-joined = Hoş geldin { $user }, { $name } turnuvasında şimdi { $players } oyuncu var.{ $missed ->
    [0] {""}
   *[other] {" "}Kaçırdığın { $missed } turun her biri yarım puan sayılır.
}
tournament-left = Turnuvadan çekildi ({ $name }): { $user }. { $players } oyuncu kaldı; yeniden katılan oyuncu kaldığı yerden devam eder.
tournament-started = Turnuva başladı: { $name }, { $players } oyuncu.
tournament-exported = { $name }, FIDE turnuva rapor dosyası (TRF-16) olarak, hakemler ve eşleştirme programları için: `dama swiss pair` sonraki turunu aynı eşleştirir.
tournament-cancelled = { $few ->
    [yes] Yeterli oyuncu yok: { $name } başlarken en az 2 oyuncu gerekiyordu, turnuva iptal edildi.
   *[no] Düzenleyicisi turnuvayı iptal etti: { $name }. Süren oyunlar sonuna kadar oynanır.
}
tournament-round = Tur { $round }/{ $rounds }, { $name }:
tournament-game = { $board ->
    [0] {""}
   *[other] Masa { $board }:{" "}
}{ $white } (Beyaz) – { $black } (Siyah)
tournament-round-starts = Oyunlar { $when } başlar, ilk hamle Beyazın.
tournament-bye = Bay, bir puan: { $user }
tournament-outside-rules = { $organiser }, { $name } turnuvasının { $round }. turu FIDE'nin kesin kurallarına (C.04.3) uyarak eşleştirilemedi; kuralları en az bozan eşleştirme yapıldı:
tournament-rematch = Daha önce karşılaşmışlardı: { $white } ve { $black }
tournament-second-bye = Oynamadan ikinci kez puan: { $user }
tournament-paired = Yeni oyunlar:
tournament-standings = { $final ->
    [yes] Son sıralama
   *[no] Sıralama
}, { $name }:
tournament-line = { $rank }. { $user }: { $score } { $kind ->
    [swiss] puan (Buchholz kesik 1 { $buchholz }, Sonneborn–Berger { $berger })
   *[arena] puan{ $fire ->
        [yes] {" "}(seride: oyunlar çift sayılıyor)
       *[no] {""}
    }
} { $games }{ $withdrawn ->
    [yes] {" "}(çekildi)
   *[no] {""}
}
standings-tie-breaks = BC1 { $buchholz } · SB { $berger }
standings-on-fire = seride: ×2
standings-more = ve { $count } oyuncu daha
tournament-finished = { $count ->
    [one] Tebrikler! { $name } turnuvasının kazananı: { $winners }.
   *[other] Tebrikler! { $name } turnuvasında birinciliği paylaşanlar: { $winners }.
}
error-tournament-none = Bu sunucuda şu an turnuva yok. Bir sunucu yöneticisi { $surface ->
    [discord] `/dama turnuva oluştur`
   *[console] "turnuva oluştur"
} ile açabilir.
error-tournament-not-organiser = Bunu yalnızca turnuvanın düzenleyicisi ya da bir sunucu yöneticisi (Sunucuyu Yönet) yapabilir.
error-tournament-already-in = Bu turnuvaya zaten katıldın.
error-tournament-not-in = Bu turnuvada değilsin.
error-tournament-over = O turnuva { $status ->
    [finished] bitti
   *[cancelled] iptal edildi
}: değiştirilecek bir şey kalmadı.
error-tournament-late-join-over = Bu İsviçre sistemi turnuvanın turlarının yarısı başladı, artık oyuncu alınmıyor.
error-tournament-rounds = İsviçre sistemi bir turnuva { $min } ile { $max } tur arasında olur: bu aralıkta bir sayı seç.
error-tournament-pause = Turlar arasında yalnızca canlı bir İsviçre turnuvası ara verir, 0 ile { $max } dakika arası: bu aralıkta bir ara seç ya da boş bırak.
error-tournament-minutes = Bir Arena { $min } ile { $max } dakika arasında sürer: bu aralıkta bir süre seç.
error-tournament-starts-too-late = Bir turnuva en geç { $days } gün içinde başlar: daha yakın bir başlangıç seç.
error-tournament-starts-in-the-past = Bu başlangıç zamanı geçti: ileride bir zaman ya da 30 gibi bir dakika sayısı seç.
error-tournament-start-unreadable = Bu bir başlangıç zamanı değil: { $text }. Şimdiden dakika (30, 2sa), Türkiye saatiyle bir saat (20:30 ya da 20:30 UTC), bir tarih ve saat (05.12.2026 20:30) ya da bir Discord zaman damgası (<t:1796500000>) yaz.
error-tournament-name = Turnuva adı en çok { $max } karakter olur ve tek satırdır: daha kısa bir ad seç.
error-tournament-export-swiss-only = Rapor dosyası yalnızca İsviçre sistemi turnuvalarda var: Arena'nın dosyaya yazılacak turları yok.
error-tournament-already-started = Turnuva zaten başladı: oyunları sürüyor, sıralama durumu gösteriyor.
error-tournament-not-started = Turnuva henüz başlamadı: eşleşmeler ve sıralama ilk oyunlarla gelir.
error-tournament-no-berserk = Berserk yalnızca başlangıç süresi olan (0+N olmayan) Arena turnuvası canlı oyunlarında seçilebilir.
error-tournament-already-berserk = Bu oyunda zaten berserk seçtiniz.
error-tournament-berserk-too-late = Berserk ilk hamlenizden önce seçilir; bu oyun tam sürenizle sürüyor.
error-tournament-too-many = Bu sunucuda açık ya da süren { $max } turnuva var: yenisini açmadan önce birinin bitmesini bekle ya da birini iptal et.
error-tournament-too-fast = Son bir saatte { $max } turnuva açtın: sıradakini { $when } açabilirsin.
error-tournament-full = Bu turnuva dolu: en fazla { $max } oyuncu alıyor.
tournament-berserk = Berserk! { $user } sürenin yarısıyla ve ek süresiz oynuyor; { $moves } ya da daha çok hamlelik bir galibiyet bir puan daha getirir.
cmd-tournament = turnuva
    .description = Bu sunucudaki turnuvalar: İsviçre sistemi ya da Arena
cmd-create = oluştur
    .description = Bir turnuva aç (Etkinlikleri Yönet ya da Sunucuyu Yönet)
    .kind = tür
    .kind-description = İsviçre sistemi (her turda herkes eşleşir) ya da Arena (oyun bitince yeniden eşleşilir)
    .clock = süre
    .clock-description = Her oyunun süresi: 5+3, 5 dakika artı hamle başına 3 saniye; 3d, hamle başına 3 gün
    .rounds = tur
    .rounds-description = İsviçre sistemi: kaç tur, 3 ile 15 arası (varsayılan: 5)
    .minutes = dakika
    .minutes-description = Arena: ne kadar sürer, 10 ile 720 dakika arası (varsayılan: 60)
    .starts = başlangıç
    .starts-description = Kendiliğinden başlar: 30 (dakika), 20:30 (Türkiye saati), 05.12.2026 20:30 ya da <t:…>
    .rated = puanlı
    .rated-description = Oyunlar puanlara sayılsın mı (varsayılan: evet)
    .name = ad
    .name-description = Turnuvanın adı
    .pause = ara
    .pause-description = Canlı İsviçre: bir turun eşleşmeleriyle oyunları arasında kaç dakika, 0 ile 10 arası (varsayılan: 1)
cmd-join = katıl
    .description = Bu sunucudaki turnuvaya katıl
cmd-leave = ayrıl
    .description = Turnuvadan ayrıl (yeniden katılabilirsin)
cmd-standings = sıralama
    .description = Turnuvanın sıralaması
cmd-pairings = eşleşmeler
    .description = Bu turun eşleşmeleri ya da Arena'nın süren oyunları
cmd-export = rapor
    .description = İsviçre turnuvası FIDE rapor dosyası (TRF) olarak, hakemler ve eşleştirme programları için
cmd-start = başlat
    .description = Turnuvayı şimdi başlat (düzenleyicisi)
cmd-cancel = iptal
    .description = Turnuvayı iptal et (düzenleyicisi)
choice-swiss = İsviçre sistemi
choice-arena = Arena

## Web sayfaları. Her metni sayfa kaçışlar; hiçbiri işaretleme içermez.
web-language-name = Türkçe
web-languages = Dil
web-not-found-title = Bulunamadı
web-not-found = Bu adreste bir sayfa yok. Bir oyunun sayfasına tahtasıyla paylaşılan bağlantıdan ulaşılır.
web-busy = Şu anda çok sayıda resim çiziliyor. Lütfen birkaç saniye sonra yeniden dene.
web-sorry = Üzgünüz, bizim tarafımızda bir şeyler ters gitti. Lütfen birazdan yeniden dene.
web-home-title = Dama: Discord'da Türk daması
web-home-intro = dama botuyla oynanan her oyunun bir sayfası var; oyun sürerken canlı izlenir. Listelenmeyi seçen sunucular sıralamalarını, süren oyunlarını ve turnuvalarını burada gösterir.
web-servers = Sunucular
web-unnamed-server = Bir Discord sunucusu
web-board-side = { $side ->
    [white] Beyaz
   *[black] Siyah
}: taşlar { $men }; damalar { $kings }.
web-board-title = { $ply ->
    [0] Başlangıç konumu.
   *[other] { $ply }. yarım hamleden sonraki konum, { $move }.
} { $sides }
web-ai = { $level } bilgisayar
web-side-white = Beyaz
web-side-black = Siyah
web-steps = Hamleler
web-first = İlk konum
web-previous = Önceki hamle
web-next = Sonraki hamle
web-last = Son hamle
web-link-used = Bu bağlantı oyunu zaten açtı ya da yerine yenisi istendi: bir bağlantı oyunu bir kez açar. Oyunun kanalında /dama tahtada-oyna ile yenisini iste.
web-activity-signing-in = Discord ile oturum açılıyor…
web-activity-outside = Burası Discord içindeki tahta: onu Discord'da oyunun kanalından, tahtanın altındaki Tahtada oyna düğmesiyle aç.
web-activity-refused = Discord kim olduğunu doğrulamadı: Etkinliği kapatıp yeniden aç.
web-activity-not-set-up = Discord içindeki tahta bu bot için henüz kurulmamış: işletmecisinin DISCORD_CLIENT_ID ve DISCORD_CLIENT_SECRET ayarlarını yapması gerekiyor.
web-activity-watching = Bu oyunu izliyorsun: burada yalnızca iki oyuncusu hamle yapar.
web-activity-last-game = Bu kanalda şu an oynanan bir oyun yok; son oyunu bu. Yenisini { $challenge } ya da { $seek } ile başlat.
web-activity-no-game = Bu kanalda henüz oyun oynanmadı. { $challenge } ya da { $seek } ile bir oyun başlat, sonra tahtayı yeniden aç.
web-play-open = Oyunu aç
web-play-wait = Rakibinin hamlesini bekle.
web-play-white = Beyazla oynuyorsun: bir taşa, sonra gideceği kareye tıkla (ya da sürükle) veya hamleyi yaz.
web-play-black = Siyahla oynuyorsun: bir taşa, sonra gideceği kareye tıkla (ya da sürükle) veya hamleyi yaz.
web-play-move = Hamlen
web-play-send = Oyna
web-play-route = Bu alma birkaç yoldan yapılabilir: birini seç.
web-play-no-script = JavaScript kapalıyken hamleni yazıp Oyna'ya bas; teklifler ve terk etmek Discord'daki oyun düğmelerinde.
web-play-back = Oyuna dön
web-play-takeback = Geri almayı iste
web-play-draw-offered = Beraberlik teklif ettin.
web-play-draw-asked = Rakibin beraberlik teklif ediyor.
web-play-takeback-offered = Son hamleyi geri almayı istedin.
web-play-takeback-asked = Rakibin son hamleyi geri almak istiyor.
web-play-resign-sure = Bu puanlı oyunu terk etmek istiyor musun? Puanına yenilgi olarak işlenir. Onayla ya da oynamaya devam et.
web-play-premove = Ön hamle { $move }: sıra sana geldiğinde, o an kurala uygunsa oynanır. İptal için taşına yeniden tıkla.
web-play-premove-dropped = Ön hamlen { $move } rakibinin hamlesinden sonra kurala uygun değildi, oynanmadı.
web-play-sound = Hamlelerde ve süre azalınca ses
web-play-too-fast = Sayfandan aynı anda çok fazla istek geldi: biraz bekle, sonra oyna.
web-live-full-server = Şu anda bu sunucuda çok fazla canlı sayfa açık: bir dakika sonra yenile.
web-live-full-address = Adresinden çok fazla canlı sayfa açık: bazılarını kapat, sonra yenile.
web-flip = Tahtayı çevir
web-moves = Hamleler
web-pdn = PDN indir
web-gif = Hareketli tekrar (GIF)
web-game-meta = { $control } · { $rated ->
    [yes] puanlı
   *[no] puansız
} · { $date }
web-being-played = sürüyor
web-called-off = iptal edildi
web-white-won-by-forfeit = 1-0, hükmen
web-black-won-by-forfeit = 0-1, hükmen
web-running-games = Süren oyunlar
web-no-running-games = Şu anda süren oyun yok.
web-tournaments = Turnuvalar
web-lobby-title = Lobi
web-lobby-intro = Oyun bekleyen oyuncular, havuz havuz (her havuz bir süre), bütün sunucularda birlikte sayılır; listelenen sunucularda şu anda süren oyunlar da burada. Discord'da `/dama ara` ile oyun ara: iki saniyede bir gelen dalga puanı birbirine yakın oyuncuları eşleştirir.
web-lobby-link = Lobi: kimler oyun bekliyor, hangi oyunlar sürüyor
web-pools = Havuzlar
web-server-pools = Bu sunucunun havuzlarında bekleyenler
web-clock = Süre
web-waiting = Bekleyen
web-waiting-count = { $count ->
    [0] kimse
   *[other] { $count } oyuncu
}
web-leaderboard = Sıralama: { $speed }
web-player = Oyuncu
web-rating = Puan
web-games = Oyun
web-score = Puan
web-results = Sonuçlar
web-report-file = Rapor dosyasını indir (FIDE TRF), hakemin eşlendirme programı için
web-swiss-rounds = İsviçre sistemi, { $rounds } tur
web-arena-minutes = Arena, { $minutes } dakika
web-rated = puanlı
web-casual = puansız
web-turkiye-time = { $time } (Türkiye saati)
web-tournament-waiting = { $players ->
    [one] Oyuncular bekleniyor: bir kişi katıldı.
   *[other] Oyuncular bekleniyor: { $players } kişi katıldı.
}
web-tournament-starts = Başlangıç: { $when }.
web-tournament-round = Tur { $round }/{ $rounds } oynanıyor.
web-tournament-round-starts = Oyunların başlangıcı: { $when }.
web-arena-ends = Süren Arena, bitiş: { $when }.
web-tournament-under-way = Sürüyor.
web-tournament-over = Bitti: son sıralama.
web-tournament-called-off = İptal edildi.
web-podium = Kürsü
web-points = { $points } puan
web-standings = Sıralama
web-round-title = Tur { $round }
web-round-short = T{ $round }
web-buchholz-cut-1 = Buchholz kesik 1: rakiplerin puanları, en zayıfı çıkarılarak
web-buchholz-cut-1-short = BK1
web-sonneborn-berger = Sonneborn–Berger: yenilen rakiplerin puanları ve berabere kalınanların yarısı
web-sonneborn-berger-short = SB
web-withdrawn = çekildi
web-crosstable-legend = Her tur: rakibin satırı, ○ Beyaz ya da ● Siyah ve sonuç (1 galibiyet, ½ beraberlik, 0 yenilgi, * oynanıyor); + ve − hükmen kazanılan ya da kaybedilen oyun (kaybeden başlamadı; oynanmış sayılmaz, iki oyuncu yine karşılaşabilir); B bay (bir puan); H geç katılmadan önceki tur (yarım puan); – gelmedi (puan yok). Eşitlikler FIDE kurallarına göre önce Buchholz kesik 1, sonra Sonneborn–Berger ile bozulur.
web-cell-late = Sonradan katıldı: yarım puan
web-cell-absent = Gelmedi: puan yok
web-cell-bye = Bay: bir puan
web-cell-playing = { $opponent } ile oynanıyor, { $side }
web-cell-forfeit-won = { $opponent } karşısında hükmen galibiyet, { $side }
web-cell-forfeit-lost = { $opponent } karşısında hükmen yenilgi, { $side }
web-cell-won = { $opponent } karşısında galibiyet, { $side }
web-cell-drew = { $opponent } ile beraberlik, { $side }
web-cell-lost = { $opponent } karşısında yenilgi, { $side }
web-rounds = Turlar
web-board = Masa
web-result = Sonuç
web-not-started = henüz başlamadı
web-ratings = Listelenen sunuculardaki puanlar (oradaki son oyundan sonraki puan)
web-speed = Hız
web-record = Galibiyet, beraberlik, yenilgi
web-record-line = { $wins } / { $draws } / { $losses }
web-curve-title = Puan eğrisi
web-curve = { $games } puanlı oyunda { $from } puandan { $to } puana
web-puzzles = Bulmacalar
web-puzzle-line = Listelenen sunucularda: { $solved } bulmaca çözüldü, { $failed } kaçırıldı.
web-recent-games = Listelenen sunuculardaki son oyunlar
web-none = yok
web-puzzle-link = Günün bulmacası
web-puzzle-title = Günün bulmacası, { $date }
web-puzzle-task = { $side ->
    [white] Beyaz
   *[black] Siyah
} oynar, { $moves ->
    [one] tek hamlede
   *[other] { $moves } hamlede
} { $goal ->
    [material] taş kazanır
   *[win] kazanır
} { $stars }
web-puzzle-right = Doğru: { $played } oynadın, karşı taraf { $defence } ile cevap veriyor. Şimdi { $moves ->
    [one] bir hamlede
   *[other] { $moves } hamlede
} daha { $goal ->
    [material] taşları kazan
   *[win] kazan
}.
web-puzzle-solved = Çözdün! Tebrikler.
web-puzzle-shown = Çözüm, oynanmış hâliyle.
web-puzzle-wrong = { $move } { $moves ->
    [one] tek hamlede
   *[other] { $moves } hamlede
} { $goal ->
    [material] taş kazandırmıyor
   *[win] kazandırmıyor
}. Başka bir hamle dene.
web-puzzle-unreadable = “{ $move }” burada yasal bir hamle değil. Hamleyi e3-e4 gibi, alışı d4xd6xg6 gibi yaz.
web-puzzle-tries = { $tries ->
    [one] Bugün bir hakkın kaldı: kazandırmayan bir hamle onu kullanır.
   *[other] Bugün { $tries } hakkın kaldı: kazandırmayan her hamle birini kullanır.
}
web-puzzle-out-of-tries = Bugün adresinden deneme hakkı kalmadı. Bugünün çözümü gün dönmeden (Türkiye saatiyle gece yarısı) hiçbir yerde gösterilmez; bu arada dünün bulmacasını oyna.
web-puzzle-yesterday-link = Dünün bulmacası, çözümüyle
web-puzzle-yesterday-title = Dünün bulmacası, { $date }
web-puzzle-your-move = Hamlen
web-puzzle-play = Oyna
web-puzzle-show = Çözümü göster
web-puzzle-again = Baştan başla
web-analysis = Analiz
web-analysis-chart = Analize göre her hamleden sonra Beyaz'ın kazanma şansı
