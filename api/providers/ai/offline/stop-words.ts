// Function words of the languages the offline composer has no noun-phrase model for (issue 27): they never make a
// keyword and split the simple tokeniser's phrases. English keeps its own list in text.ts.

const list = (words: string) => new Set(words.split(/\s+/).filter(Boolean));

export const STOP_WORDS_BY_LANGUAGE: Record<string, Set<string>> = {
  es: list(`a al algo algunos ante antes como con contra cual cuando de del desde donde durante e el ella ellas ellos en
    entre era es esa ese eso esta este esto estos fue ha han hasta hay la las le les lo los mas más me mi mis mucho muy
    nada ni no nos nosotros o os otra otro para pero poco por porque que qué se ser si sí sin sobre son su sus también
    tan te tiene tu tus un una uno unos y ya yo usted ustedes nuestro nuestra nuestros nuestras cada todo todos`),
  fr: list(`à au aux avec ce ces cette comme dans de des du elle elles en est et été être eu il ils je la le les leur
    leurs lui ma mais me même mes moi mon ne ni nos notre nous on ou où par pas pour qu que qui sa sans se ses si son sur
    ta te tes toi ton tu un une vos votre vous y plus très tout tous toutes aussi chez sont ont fait peut`),
  de: list(`aber als am an auch auf aus bei bin bis bist da damit das dass dein deine dem den der des die dies diese
    dieser du durch ein eine einem einen einer eines er es euer für hat hatte ich ihr ihre im in ist ja jede jeder kann
    kein keine mit muss nach nicht noch nur ob oder ohne sein seine sich sie sind so über um und uns unser unsere unter
    vom von vor war was weil wenn wer wie wir wird zu zum zur sehr mehr alle alles hier jetzt`),
  it: list(`a ad al alla alle agli ai anche che chi ci come con da dal dalla dei del della delle di e è ed gli ha hanno
    i il in io la le lei lo loro lui ma mi mio ne nei nel nella noi non o per più può quale quando questa questo se si
    sono su sua sue suo suoi tra tu tua tuo un una uno vi voi nostro nostra nostri molto tutto tutti`),
  pt: list(`a ao aos as até com como da das de dela dele do dos e é ela ele eles em entre era essa esse esta este eu
    foi há isso isto já lhe mais mas me meu minha muito na nas não nem no nos nós o os ou para pela pelo por que quem se
    sem ser seu seus sua suas também te tem ter um uma você vocês nosso nossa nossos nossas todo todos cada`),
  nl: list(`aan al als bij dat de den der des deze die dit door een en er het hij hoe haar hem hun ik in is je jij
    kan maar me met mij mijn na naar niet nog nu of om onder ons onze ook op over te tot u uit van veel voor was wat we
    wel werd wie wij wordt zal ze zich zij zijn zo zoals meer alle alles hier`),
};
